import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { compareCautions, compareVerdict } from "~/api/views/compare";
import { TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/submit-button";
import { creditBalance } from "~/models/accounts/index.server";
import {
  compareParts,
  type PartComparison,
  type ResolvedCode,
} from "~/models/catalogue/index.server";
import { COMPARE_CODE_MAX, partCompareSchema } from "~/schemas/catalogue/part-compare";
import { requireAccess } from "~/server/guard.server";
import { readQuery } from "~/server/forms.server";
import type { Access } from "~/server/access";
import { CreditsExhausted, CreditsLow } from "~/components/credit-notices";
import { VehicleName } from "~/components/search-result";
import { TipsCard } from "~/components/search/tips-card";
import * as messages from "~/messages";

export const access: Access = "signed-in";

const m = messages.compare;
const s = messages.search;

/** The page lists at most this many vehicles per list, then "e mais N" (the API serves 200). */
const COMPARE_PAGE_LIMIT = 100;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

/** What the page shows of a side: the code as typed and the part it led to. */
function sideView(side: ResolvedCode) {
  const part = side.part && {
    id: side.part.id,
    code: side.part.code,
    name: side.part.name,
    manufacturer: side.part.manufacturer,
    categoryName: side.part.categoryName,
    viaCode: side.part.viaCode,
  };
  return { code: side.code, part, otherMatches: side.otherMatches };
}

function comparisonPage(comparison: PartComparison) {
  return {
    kind: comparison.kind,
    verdict: compareVerdict(comparison),
    cautions: compareCautions(comparison).map((caution) => caution.message),
    a: sideView(comparison.a),
    b: sideView(comparison.b),
    common: comparison.common,
    onlyA: comparison.onlyA,
    onlyB: comparison.onlyB,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const params = readQuery(request);
  const typed = { a: params.get("a") ?? "", b: params.get("b") ?? "" };
  // The form sends both fields; a link may fill one in advance without asking for a comparison.
  if (!params.has("a") || !params.has("b")) return { state: "idle" as const, typed };
  const submission = parseWithZod(params, { schema: partCompareSchema });
  if (submission.status !== "success") {
    return {
      state: "invalid" as const,
      typed,
      errors: { a: submission.error?.a ?? undefined, b: submission.error?.b ?? undefined },
    };
  }
  const outcome = compareParts(user, submission.value, new Date(), { limit: COMPARE_PAGE_LIMIT });
  const creditStats = creditBalance(outcome.stats);
  if (outcome.status === "exhausted") return { state: "exhausted" as const, typed, creditStats };
  return {
    state: "result" as const,
    typed: submission.value,
    creditStats,
    lowCredits: outcome.lowCredits,
    result: comparisonPage(outcome.comparison),
  };
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type Result = Extract<PageData, { state: "result" }>["result"];
type Side = Result["a"];
type CommonItem = Result["common"]["items"][number];
type Fitment = CommonItem["fitmentA"];

const TONE: Record<Result["kind"], string> = {
  same_part: "border-emerald-300 bg-emerald-50 text-emerald-950",
  same_vehicles: "border-emerald-300 bg-emerald-50 text-emerald-950",
  partly: "border-amber-300 bg-amber-50 text-amber-950",
  different_kind: "border-red-300 bg-red-50 text-red-950",
  no_common_vehicles: "border-red-300 bg-red-50 text-red-950",
  no_vehicles: "border-slate-300 bg-slate-50 text-slate-900",
  not_found: "border-slate-300 bg-slate-50 text-slate-900",
};

/** Position, side, years and notes of a fitment, as the search result cards show them. */
function fitmentDetails(f: Fitment): string {
  return [
    f.position ? (s.position[f.position] ?? f.position) : null,
    f.side ? (s.side[f.side] ?? f.side) : null,
    s.years(f.yearFrom, f.yearTo) || null,
    f.notes?.trim() || null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The form's two code fields, side A then side B. */
const CODE_FIELDS = [
  { name: "a", label: m.codeA, placeholder: m.placeholderA },
  { name: "b", label: m.codeB, placeholder: m.placeholderB },
] as const;

function CompareForm({
  typed,
  errors,
}: {
  typed: { a: string; b: string };
  errors?: { a?: string[]; b?: string[] };
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "loading" && navigation.location?.pathname === "/search/compare";
  return (
    <Form
      method="get"
      action="/search/compare"
      className="card grid gap-3 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      aria-label={m.title}
    >
      {CODE_FIELDS.map(({ name, label, placeholder }) => (
        <TextField
          key={`${name}-${typed[name]}`}
          id={`compare-${name}`}
          name={name}
          label={label}
          defaultValue={typed[name]}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={COMPARE_CODE_MAX}
          errors={errors?.[name]}
          errorId={`compare-${name}-error`}
        />
      ))}
      <SubmitButton className="btn-primary sm:mt-6" busy={busy} busyLabel={m.submitting}>
        {m.submit}
      </SubmitButton>
    </Form>
  );
}

function PartSide({ which, side }: { which: "A" | "B"; side: Side }) {
  return (
    <article className="card p-5" data-testid={`compare-part-${which.toLowerCase()}`}>
      <h2 className="text-sm font-semibold text-slate-600">{m.partOf(which, side.code)}</h2>
      {side.part ? (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span
              className="rounded-md bg-slate-900 px-2 py-0.5 font-mono text-sm font-semibold text-white"
              data-testid="part-code"
            >
              {side.part.code}
            </span>
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {side.part.categoryName ?? m.noCategory}
            </span>
            {side.part.viaCode && (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                data-testid="found-via"
              >
                {m.via(side.part.viaCode)}
              </span>
            )}
          </div>
          <p className="mt-2 text-lg font-bold">{side.part.name}</p>
          <p className="text-sm text-slate-700">
            {m.manufacturer}: <strong>{side.part.manufacturer}</strong>
          </p>
          {side.otherMatches > 0 && (
            <p className="mt-2 text-xs text-slate-600" data-testid="other-matches">
              {m.otherMatches(side.otherMatches)}
            </p>
          )}
        </>
      ) : (
        <div className="mt-2" data-testid="part-not-found">
          <p className="font-semibold text-slate-900">{m.notFound(side.code)}</p>
          <p className="mt-1 text-sm text-slate-600">{m.notFoundHint}</p>
        </div>
      )}
    </article>
  );
}

function More({ total, shown }: { total: number; shown: number }) {
  if (total <= shown) return null;
  return <li className="py-2 text-slate-600">{m.more(total - shown)}</li>;
}

function VehicleSection({
  id,
  title,
  total,
  empty,
  children,
}: {
  id: string;
  title: string;
  total: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section className="card px-5 py-4" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-slate-800">
        {title}
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs" data-testid="vehicle-count">
          {total}
        </span>
      </h2>
      {total === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="vehicle-list">
          {children}
        </ul>
      )}
    </section>
  );
}

function OnlyList({ id, code, list }: { id: string; code: string; list: Result["onlyA"] }) {
  return (
    <VehicleSection id={id} title={m.onlyTitle(code)} total={list.total} empty={m.noOnly(code)}>
      {list.items.map((v) => (
        <li key={v.id} className="py-2">
          <VehicleName v={v} />
          {fitmentDetails(v) && (
            <span className="block text-xs text-slate-500">{fitmentDetails(v)}</span>
          )}
        </li>
      ))}
      <More total={list.total} shown={list.items.length} />
    </VehicleSection>
  );
}

function CommonList({ result }: { result: Result }) {
  const { common } = result;
  const sides = [
    { code: result.a.code, fitment: (v: CommonItem) => v.fitmentA },
    { code: result.b.code, fitment: (v: CommonItem) => v.fitmentB },
  ];
  return (
    <VehicleSection
      id="compare-common"
      title={m.commonTitle}
      total={common.total}
      empty={m.noCommon}
    >
      {common.items.map((v) => (
        <li key={v.id} className="py-2">
          <VehicleName v={v} />
          {v.fitmentDiffers ? (
            <span className="mt-0.5 block text-xs text-amber-900" data-testid="fitment-differs">
              {sides.map(({ code, fitment }) => (
                <span key={code} className="block">
                  <strong>{m.fitmentOf(code)}</strong> {fitmentDetails(fitment(v)) || m.noDetails}
                </span>
              ))}
            </span>
          ) : (
            fitmentDetails(v.fitmentA) && (
              <span className="block text-xs text-slate-500">{fitmentDetails(v.fitmentA)}</span>
            )
          )}
        </li>
      ))}
      <More total={common.total} shown={common.items.length} />
    </VehicleSection>
  );
}

function ResultView({ result }: { result: Result }) {
  const swap = `/search/compare?${new URLSearchParams({ a: result.b.code, b: result.a.code })}`;
  return (
    <>
      <section
        className={`rounded-lg border-2 px-5 py-4 ${TONE[result.kind]}`}
        aria-label={m.verdictTitle}
        data-testid="compare-verdict"
        data-kind={result.kind}
      >
        <p role="status" className="text-lg font-bold sm:text-xl">
          {result.verdict}
        </p>
        {result.cautions.length > 0 && (
          <div className="mt-3 text-sm">
            <p className="font-semibold">{m.cautionsTitle}</p>
            <ul className="mt-1 list-inside list-disc space-y-0.5" data-testid="compare-cautions">
              {result.cautions.map((caution) => (
                <li key={caution}>{caution}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <PartSide which="A" side={result.a} />
        <PartSide which="B" side={result.b} />
      </div>
      {result.kind !== "not_found" && (
        <>
          <CommonList result={result} />
          {result.kind !== "same_part" && (
            <>
              <OnlyList id="compare-only-a" code={result.a.code} list={result.onlyA} />
              <OnlyList id="compare-only-b" code={result.b.code} list={result.onlyB} />
            </>
          )}
          <p className="text-sm">
            <Link to={swap} className="font-semibold text-brand-700 hover:underline">
              {m.swap}
            </Link>
          </p>
        </>
      )}
    </>
  );
}

export default function ComparePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{m.title}</h1>
        <p className="mt-1 text-slate-600">{m.subtitle}</p>
      </div>
      <CompareForm typed={data.typed} errors={data.state === "invalid" ? data.errors : undefined} />

      {data.state === "exhausted" && <CreditsExhausted />}
      {data.state === "result" && (
        <>
          {data.lowCredits && <CreditsLow remaining={data.creditStats.remainingSearches} />}
          <ResultView result={data.result} />
        </>
      )}
      <TipsCard title={m.tipsTitle} tips={m.tips} />
    </div>
  );
}
