import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { featuredCategories } from "~/models/category.server";
import { requireUser } from "~/utils/auth.server";
import { messages } from "~/utils/messages";

export const meta: MetaFunction = () => [{ title: `${messages.nav.home} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { firstName: user.name.split(/\s+/)[0], categories: featuredCategories() };
}

export default function Home() {
  const { firstName, categories } = useLoaderData<typeof loader>();
  const h = messages.home;
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{h.greeting(firstName)}</h1>
        <p className="text-slate-600">{h.subtitle}</p>
      </div>
      <section className="card p-6" aria-labelledby="search-card-title">
        <h2 id="search-card-title" className="text-lg font-semibold">
          {messages.nav.search}
        </h2>
        <Form method="get" action="/search" className="mt-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="home-search" className="sr-only">
            {messages.nav.headerSearchLabel}
          </label>
          <input id="home-search" name="q" className="input flex-1" placeholder={messages.landing.testPlaceholder} />
          <button type="submit" className="btn-primary">
            {messages.nav.searchButton}
          </button>
        </Form>
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold">
          {h.featuredCategories}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="card flex items-center gap-3 p-4">
              <span className="text-2xl" aria-hidden="true">
                {category.icon}
              </span>
              <span>
                <span className="block font-semibold">{category.name}</span>
                <span className="block text-sm text-slate-600">{h.partsCount(category.partsCount)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-sm text-slate-600">
        <Link to="/usage" className="font-semibold text-brand-700 hover:underline">
          {messages.nav.usage}
        </Link>
      </p>
    </div>
  );
}
