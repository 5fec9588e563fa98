import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate, formatInteger } from "~/utils/format";
import * as messages from "~/messages";

const m = messages.planCard;

export type PlanCardData = {
  isAdmin?: boolean;
  planName: string | null;
  isFree: boolean;
  expiresAt: string | Date | null;
  remainingSearches: number;
  dailyAllowance: number;
  /** False on the top plan: the card offers no upgrade. */
  canUpgrade: boolean;
};

/** Green under 70 % used, yellow to 89 %, red from 90 %: the spec's usage bar. */
export function usageColor(percentUsed: number): string {
  if (percentUsed >= 90) return "bg-red-600";
  if (percentUsed >= 70) return "bg-amber-500";
  return "bg-emerald-600";
}

/** The sidebar card's frame, named for the credits it shows. */
function CardFrame({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label={m.credits}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      {children}
    </section>
  );
}

/** "Créditos" and how many searches are left today. */
function RemainingCredits({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3 flex items-baseline justify-between">
      <span className="text-slate-700">{m.credits}</span>
      <span className="text-lg font-bold" data-testid="plan-card-remaining">
        {children}
      </span>
    </div>
  );
}

export function PlanCard({ plan }: { plan: PlanCardData }) {
  const unlimited = plan.remainingSearches < 0;
  const base = plan.dailyAllowance > 0 ? plan.dailyAllowance : 100;
  const percentUsed = unlimited
    ? 0
    : Math.min(100, Math.max(0, Math.round(((base - plan.remainingSearches) / base) * 100)));
  const free = !plan.isAdmin && (plan.isFree || !plan.planName);
  if (plan.isAdmin) {
    return (
      <CardFrame>
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold text-slate-900">{messages.roles.admin}</p>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {m.active}
          </span>
        </div>
        <RemainingCredits>{m.unlimited}</RemainingCredits>
      </CardFrame>
    );
  }
  return (
    <CardFrame>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">{free ? m.freePlan : plan.planName}</p>
          <p className="text-xs text-slate-600">
            {free
              ? m.freeTagline
              : plan.expiresAt
                ? m.expiresOn(formatDate(plan.expiresAt))
                : plan.planName}
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${free ? "bg-slate-200 text-slate-800" : "bg-emerald-100 text-emerald-800"}`}
        >
          {free ? m.free : m.active}
        </span>
      </div>
      <RemainingCredits>
        {unlimited ? m.unlimited : formatInteger(plan.remainingSearches)}
      </RemainingCredits>
      {!unlimited && (
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div
            className={`h-full ${usageColor(percentUsed)}`}
            style={{ width: `${percentUsed}%` }}
          />
        </div>
      )}
      {plan.canUpgrade && (
        <Link
          to="/settings?tab=planos"
          className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
        >
          {m.upgrade}
        </Link>
      )}
    </CardFrame>
  );
}
