import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { invariantResponse } from "~/server/responses.server";
import * as messages from "~/messages";
import { PENDING_PAGES } from "~/utils/navigation";

/** One module for every page not built yet: each page's roles, by its path. */
export const access = {
  byPath: Object.fromEntries(PENDING_PAGES.map(({ path, roles }) => [`/${path}`, roles])),
} satisfies Access;

/** Pages of the user area not built yet: guarded like the real ones, saying plainly they come later. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const page = PENDING_PAGES.find(({ path }) =>
    new RegExp(`^/${path.replace(/:[^/]+/g, "[^/]+")}/?$`).test(pathname),
  );
  invariantResponse(page, null);
  await requireAccess(request, access.byPath[`/${page.path}`]);
  return { title: page.title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? messages.app.comingSoonTitle} — ${messages.app.comingSoonTitle}` },
];

export default function ComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="card mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800">
        {messages.app.comingSoonTitle}
      </p>
      <p className="mt-4 text-slate-600">{messages.app.comingSoon}</p>
      <Link to="/home" className="btn-primary mt-6">
        {messages.app.backToHome}
      </Link>
    </div>
  );
}
