/** The spec's resource colours: green below 50 %, yellow below 80 %, red from there. */
export function resourceColour(percent: number): string {
  if (percent < 50) return "bg-emerald-500";
  if (percent < 80) return "bg-amber-400";
  return "bg-red-600";
}

/** A labelled bar for CPU, memory or disk, with the reading beside it in words. */
export function UsageBar({
  label,
  percent,
  valueText,
  detail,
}: {
  label: string;
  percent: number;
  /** The reading as text ("45,7%"). */
  valueText: string;
  detail?: string;
}) {
  const clamped = Math.min(100, Math.max(0, percent));
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped)}
        aria-valuetext={valueText}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${resourceColour(clamped)}`} style={{ width: `${clamped}%` }} />
      </div>
      {detail && <p className="mt-1 text-xs text-slate-600">{detail}</p>}
    </div>
  );
}
