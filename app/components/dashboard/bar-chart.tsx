import { useId, type SVGProps } from "react";

export type ChartPoint = {
  /** Short label under the bar ("24/11", "nov. de 26", "14h"). */
  label: string;
  value: number;
  /** The value as people read it ("R$ 49,90", "1.234"). */
  display: string;
};

const WIDTH = 480;
const HEIGHT = 210;
const PLOT_TOP = 20;
const PLOT_BOTTOM = 180;
const PLOT_LEFT = 8;
const PLOT_RIGHT = WIDTH - 8;
const MAX_LABELS = 6;

/** A line across the whole plot at height `y`: the baseline, the peak's guide. */
function PlotRule({ y, ...line }: { y: number } & SVGProps<SVGLineElement>) {
  return <line x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={y} y2={y} {...line} />;
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
  const labelEvery = Math.max(1, Math.ceil(points.length / MAX_LABELS));
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
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="mt-3 h-auto w-full"
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-svg-desc`}>{summary}</desc>
          <PlotRule y={PLOT_BOTTOM} className="stroke-slate-300" />
          <PlotRule y={PLOT_TOP} className="stroke-slate-200" strokeDasharray="4 4" />
          {peak && (
            <text x={PLOT_LEFT} y={PLOT_TOP - 4} className="fill-slate-600 text-[13px]">
              {peak.display}
            </text>
          )}
          {points.map((point, index) => {
            const height = max > 0 ? ((PLOT_BOTTOM - PLOT_TOP) * point.value) / max : 0;
            const x = PLOT_LEFT + index * slot + (slot - barWidth) / 2;
            return (
              <g key={`${point.label}-${index}`}>
                <rect
                  x={x}
                  y={PLOT_BOTTOM - height}
                  width={barWidth}
                  height={Math.max(height, point.value > 0 ? 1 : 0)}
                  rx={Math.min(3, barWidth / 4)}
                  className="fill-brand-600"
                >
                  <title>{`${point.label}: ${point.display}`}</title>
                </rect>
                {index % labelEvery === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={PLOT_BOTTOM + 20}
                    textAnchor="middle"
                    className="fill-slate-600 text-[13px]"
                  >
                    {point.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
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
