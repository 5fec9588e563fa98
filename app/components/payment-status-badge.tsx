import * as messages from "~/messages";

const TONE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-800",
  rejected: "bg-red-100 text-red-800",
  cancelled: "bg-slate-200 text-slate-700",
  refunded: "bg-violet-100 text-violet-800",
  expired: "bg-slate-200 text-slate-700",
};

/** An invoice's status as a coloured pill, in pt-BR; the same on every payment screen. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[status] ?? TONE.cancelled}`}
      data-testid="invoice-status"
    >
      {messages.payments.statuses[status] ?? status}
    </span>
  );
}
