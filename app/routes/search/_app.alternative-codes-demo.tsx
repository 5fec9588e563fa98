import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { CreditsExhausted } from "~/components/credit-notices";
import { ResultCard } from "~/components/search-result";
import { searchResultsPage } from "./_app.search.results.server";
import { vehiclePageParam } from "~/utils/search-params";
import { creditBalance } from "~/models/accounts/index.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { useHydrated } from "~/components/hooks";
import * as messages from "~/messages";

export const access: Access = "signed-in";

const m = messages.altDemo;
export const SAMPLE_CODES = ["BR123456", "TRW-BR123", "GDB123", "FL-789-ALT", "NGK-VL345"];

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const url = new URL(request.url);
  if (!url.searchParams.has("code")) return { state: "idle" as const };
  const code = (url.searchParams.get("code") ?? "").trim().slice(0, 100);
  if (!code) return { state: "invalid" as const };
  // A real lookup, metered like any code search.
  const { outcome, cards } = searchResultsPage(user, code, "code", url.searchParams);
  const creditStats = creditBalance(outcome.stats);
  if (outcome.status === "exhausted") return { state: "exhausted" as const, code, creditStats };
  return { state: "results" as const, code, cards, creditStats };
}

export default function AlternativeCodesDemo() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(params.get("code") ?? "");
  const busy =
    navigation.state !== "idle" && navigation.location?.pathname === "/alternative-codes-demo";
  const pageHref = (partId: number) => (page: number) => {
    const next = new URLSearchParams(params);
    next.set(vehiclePageParam(partId), String(page));
    return `?${next}`;
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <p className="mt-1 text-slate-600">{m.subtitle}</p>
      </div>
      <section className="card space-y-4 p-5">
        <div>
          <h2 className="text-sm font-semibold text-slate-800">{m.samples}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {SAMPLE_CODES.map((code) => (
              <li key={code}>
                <Link
                  to={`?code=${encodeURIComponent(code)}`}
                  className="btn-secondary font-mono"
                  onClick={() => setTyped(code)}
                >
                  {code}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="alt-code" className="label">
              {m.inputLabel}
            </label>
            <input
              id="alt-code"
              name="code"
              className="input font-mono"
              placeholder={m.placeholder}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
            />
          </div>
          <button
            type="submit"
            className="btn-primary"
            disabled={hydrated && (busy || typed.trim() === "")}
          >
            {m.button}
          </button>
        </Form>
        {data.state === "invalid" && (
          <p role="alert" className="text-sm text-red-700">
            {m.empty}
          </p>
        )}
      </section>

      {data.state === "exhausted" && <CreditsExhausted />}
      {data.state === "results" &&
        (data.cards.length > 0 ? (
          data.cards.map((card) => (
            <ResultCard key={card.id} part={card} pageHref={pageHref(card.id)} />
          ))
        ) : (
          <p role="status" className="card p-5 text-slate-700">
            {m.notFound}
          </p>
        ))}

      <section className="card list-cards overflow-x-auto p-5">
        <h2 className="font-semibold">{m.tableTitle}</h2>
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                {m.column}
              </th>
              <th scope="col" className="py-1 pr-4">
                {m.type}
              </th>
              <th scope="col" className="py-1">
                {m.meaning}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {m.columns.map(([column, type, meaning]) => (
              <tr key={column}>
                <td className="py-1 pr-4 font-mono">{column}</td>
                <td className="py-1 pr-4" data-label={m.type}>
                  {type}
                </td>
                <td className="py-1" data-label={m.meaning}>
                  {meaning}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
