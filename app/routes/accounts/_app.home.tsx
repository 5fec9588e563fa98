import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MaxPartSizeExceededError, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { featuredCategories } from "~/models/catalogue/index.server";
import { adminHomeStats, recentActivityFeed, topSearches } from "~/models/dashboard/index.server";
import { IMAGE_MAX_BYTES, imageSearchSchema } from "~/schemas/search/image-search";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { ActivityList, PopularPartsList } from "~/components/dashboard/feed-lists";
import { formatInteger } from "~/utils/format";
import * as messages from "~/messages";
import { readForm } from "~/server/forms.server";
import { formInvalid, formRefusal, refusalData } from "~/server/refusal.server";
import { photoAdmission, readCodesFromImage } from "~/server/search/ocr/read-codes.server";
import { ImageSearchForm } from "~/components/image-search-form";
import { categoryIcon } from "~/components/category-icon";
import { Icon } from "~/components/icon";
import { READ_CODES_PARAM } from "~/utils/search-params";

export const access: Access = "signed-in";

const h = messages.home;
const s = messages.search;
const TABS = [
  { id: "codigo", label: s.tabCode },
  { id: "imagem", label: s.tabImage },
  { id: "descricao", label: s.tabDescription },
] as const;
type TabId = (typeof TABS)[number]["id"];

export const meta: MetaFunction = () => [{ title: `${messages.nav.home} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : "codigo";
  const now = new Date();
  const feedVisible = user.role !== "user";
  const panel = url.searchParams.get("painel") === "atividade" ? "atividade" : "populares";
  return {
    firstName: user.name.split(/\s+/)[0],
    tab,
    categories: featuredCategories().map((c) => ({ ...c, icon: categoryIcon(c.name) })),
    adminStats: user.role === "admin" ? adminHomeStats(now) : null,
    feed: feedVisible
      ? {
          panel,
          popular: topSearches({ days: 7, limit: 3 }, now),
          activity: recentActivityFeed(5, now, user.role === "admin" ? {} : { userId: user.id }),
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAccess(request, access);
  // A user with a photo still reading, or a full lane, is answered before the upload is read.
  const admission = photoAdmission(user.id);
  if (!admission.ok)
    return refusalData(
      { status: "error" as const, error: { image: [admission.message] } },
      admission.reason,
    );
  let form: FormData;
  try {
    form = await readForm(request, { maxPartSize: IMAGE_MAX_BYTES, fileField: "image" });
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return refusalData(
        { status: "error" as const, error: { image: [s.imageTooLarge] } },
        "invalid_input",
      );
    throw error;
  }
  const submission = parseWithZod(form, { schema: imageSearchSchema });
  if (submission.status !== "success") return formInvalid(submission, { hideFields: ["image"] });
  const reading = await readCodesFromImage(
    new Uint8Array(await submission.value.image.arrayBuffer()),
    { owner: user.id },
  );
  if (!reading.ok) return formRefusal(submission, reading, { hideFields: ["image"] });
  const params = new URLSearchParams(reading.value.codes.map((code) => [READ_CODES_PARAM, code]));
  return redirect(`/search?${params}`);
}

/** The code and description tabs: a GET to /search that says which box it came from. */
function TextSearchForm({
  type,
  label,
  placeholder,
  busy,
}: {
  type: "code" | "description";
  label: string;
  placeholder: string;
  busy: boolean;
}) {
  const id = `home-${type}`;
  return (
    <Form method="get" action="/search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="from" value={`home-${type}`} />
      <div className="flex-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input id={id} name="q" className="input" placeholder={placeholder} autoComplete="off" />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? s.searching : s.searchButton}
      </button>
    </Form>
  );
}

function SearchTabs({ tab }: { tab: TabId }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section className="card p-6" aria-labelledby="search-card-title">
      <h2 id="search-card-title" className="text-lg font-semibold">
        {h.searchCardTitle}
      </h2>
      <nav className="mt-4 flex gap-1 border-b border-slate-200" aria-label={h.searchCardTitle}>
        {TABS.map((t) => (
          <Link
            key={t.id}
            to={`?tab=${t.id}`}
            preventScrollReset
            replace
            aria-current={t.id === tab ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
              t.id === tab
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        {tab === "codigo" && (
          <TextSearchForm
            type="code"
            label={s.codeLabel}
            placeholder={s.codePlaceholder}
            busy={busy}
          />
        )}
        {tab === "descricao" && (
          <TextSearchForm
            type="description"
            label={s.descriptionLabel}
            placeholder={s.descriptionPlaceholder}
            busy={busy}
          />
        )}
        {tab === "imagem" && (
          <ImageSearchForm
            action="/home?tab=imagem"
            buttonLabel={h.imageButton}
            lastResult={result}
          />
        )}
      </div>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Link to="/search/vehicle" className="font-semibold text-brand-700 hover:underline">
          {h.vehicleSearchCta}
        </Link>
        <Link to="/search/compare" className="font-semibold text-brand-700 hover:underline">
          {messages.search.compareLink}
        </Link>
      </p>
    </section>
  );
}

export default function Home() {
  const { firstName, tab, categories, adminStats, feed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{h.greeting(firstName)}</h1>
        <p className="text-slate-600">{h.subtitle}</p>
      </div>
      {adminStats && (
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {(
            [
              [h.adminStats.parts, adminStats.parts],
              [h.adminStats.vehicles, adminStats.vehicles],
              [h.adminStats.searchesToday, adminStats.searchesToday],
              [h.adminStats.uniqueUsersToday, adminStats.uniqueUsersToday],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="card p-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-2xl font-bold">{formatInteger(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <SearchTabs tab={tab} />
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-lg font-semibold">
          {h.featuredCategories}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id} className="card flex items-center gap-3 p-4">
              <Icon name={category.icon} className="size-7 text-brand-700" />
              <span>
                <span className="block font-semibold">{category.name}</span>
                <span className="block text-sm text-slate-600">
                  {h.partsCount(category.partsCount)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {feed && (
        <section className="card p-5" aria-label={`${h.popularSearches} / ${h.recentActivity}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <nav className="flex gap-1" aria-label={h.recentActivity}>
              {(
                [
                  ["populares", h.popularSearches],
                  ["atividade", h.recentActivity],
                ] as const
              ).map(([id, label]) => (
                <Link
                  key={id}
                  to={`?tab=${tab}&painel=${id}`}
                  preventScrollReset
                  replace
                  aria-current={feed.panel === id ? "page" : undefined}
                  className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${feed.panel === id ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100"}`}
                >
                  {label}
                </Link>
              ))}
            </nav>
            <Link
              to={`?tab=${tab}&painel=${feed.panel}`}
              preventScrollReset
              replace
              className="btn-ghost"
            >
              {h.refresh}
            </Link>
          </div>
          {feed.panel === "populares" ? (
            <PopularPartsList
              items={feed.popular}
              emptyText={h.noPopular}
              countText={h.searchesCount}
            />
          ) : (
            <ActivityList items={feed.activity} emptyText={h.noActivity} />
          )}
        </section>
      )}
    </div>
  );
}
