import { useId, type SVGProps } from "react";

export type ChartPoint = {
  /** Short label under the bar ("24/11", "nov. de 26", "14h"). */
  label: string;
  value: number;
  /** The value as people read it ("R$ 49,90", "1.234"). */
  display: string;
};

/**
 * The bars are drawn in a 480×160 viewBox stretched to the card's width (no text inside it: SVG
 * text shrinks with the picture, to ~8 px on a 360 px phone). The peak and the axis labels are
 * HTML around it, at the page's own text size (ADR 0056).
 */
const WIDTH = 480;
const HEIGHT = 160;
const PLOT_LEFT = 0;
const PLOT_RIGHT = WIDTH;
/** Axis labels shown on a phone; twice as many from `sm` up. */
const PHONE_LABELS = 3;

/** A line across the whole plot at height `y`: the baseline, the peak's guide. */
function PlotRule({ y, ...line }: { y: number } & SVGProps<SVGLineElement>) {
  return (
    <line
      x1={PLOT_LEFT}
      x2={PLOT_RIGHT}
      y1={y}
      y2={y}
      vectorEffect="non-scaling-stroke"
      {...line}
    />
  );
}

/**
 * A bar chart drawn on the server as SVG: no chart library reaches the phone. The picture is an
 * image with a title and a summary; every value is also in a table that screen readers read.
 */
export function BarChart({
  title,
  summary,
  points,
  emptyText,
}: {
  title: string;
  /** One sentence: the total or the peak, read before the table. */
  summary: string;
  points: ChartPoint[];
  emptyText: string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = (PLOT_RIGHT - PLOT_LEFT) / Math.max(1, points.length);
  const barWidth = Math.max(1, slot * 0.7);
  // Every `phoneEvery`-th point is labelled on a phone, every `labelEvery`-th from `sm` up.
  const phoneEvery = Math.max(1, Math.ceil(points.length / PHONE_LABELS));
  const labelEvery = Math.max(1, Math.ceil(phoneEvery / 2));
  const peak = points.find((p) => p.value === max);

  return (
    <figure className="card p-4" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-semibold">
        {title}
      </figcaption>
      <p className="text-sm text-slate-600">{summary}</p>
      {max === 0 ? (
        <p className="mt-6 mb-4 text-center text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div className="mt-3" data-chart>
          {peak && (
            <p className="text-xs text-slate-600 tabular-nums" aria-hidden="true" data-chart-label>
              {peak.display}
            </p>
          )}
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="mt-1 block h-40 w-full"
            role="img"
            aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
          >
            <title id={`${id}-svg-title`}>{title}</title>
            <desc id={`${id}-svg-desc`}>{summary}</desc>
            <PlotRule y={HEIGHT - 0.5} className="stroke-slate-300" />
            <PlotRule y={0.5} className="stroke-slate-200" strokeDasharray="4 4" />
            {points.map((point, index) => {
              const height = max > 0 ? (HEIGHT * point.value) / max : 0;
              const x = PLOT_LEFT + index * slot + (slot - barWidth) / 2;
              return (
                <rect
                  key={`${point.label}-${index}`}
                  x={x}
                  y={HEIGHT - height}
                  width={barWidth}
                  height={Math.max(height, point.value > 0 ? 1 : 0)}
                  className="fill-brand-600"
                >
                  <title>{`${point.label}: ${point.display}`}</title>
                </rect>
              );
            })}
          </svg>
          <div className="relative mt-1 h-5" aria-hidden="true">
            {points.map((point, index) => {
              if (index % labelEvery !== 0) return null;
              // Under its bar, pulled left by as much of its own width as the bar is across the
              // plot: the first and last labels stay inside the card, never past its edges.
              const at = ((index + 0.5) * 100) / points.length;
              return (
                <span
                  key={`${point.label}-${index}`}
                  className={`absolute top-0 whitespace-nowrap text-xs text-slate-600 ${
                    index % phoneEvery === 0 ? "" : "hidden sm:inline"
                  }`}
                  style={{ left: `${at}%`, transform: `translateX(-${at}%)` }}
                  data-chart-label
                >
                  {point.label}
                </span>
              );
            })}
          </div>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((point, index) => (
            <tr key={`${point.label}-${index}`}>
              <th scope="row">{point.label}</th>
              <td>{point.display}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
