import { StatCard } from "~/components/admin/page-header";
import { CardSection } from "~/components/card-section";
import {
  formatBRL,
  formatDayMonth,
  formatInteger,
  formatMonth,
  formatPercent,
} from "~/utils/format";
import * as messages from "~/messages";
import { BarChart, type ChartPoint } from "./bar-chart";
import { PopularPartsList, type PopularPart } from "./feed-lists";

const m = messages.dashboard.analytics;

export type AnalyticsFigures = {
  totalParts: number;
  totalVehicles: number;
  searchesToday: number;
  searchGrowth: number | null;
  uniqueUsersToday: number;
  categoryStats: { categoryName: string; partsCount: number }[];
  topSearched: PopularPart[];
  breakdown: {
    planId: number;
    planName: string;
    subscribers: number;
    priceCents: number;
    revenueCents: number;
  }[];
  /** Days ("YYYY-MM-DD") or São Paulo hours ("YYYY-MM-DDTHH"). */
  searchesSeries: { key: string; value: number }[];
  revenueSeries: { month: string; revenueCents: number }[];
};

const pointLabel = (key: string) => (key.length > 10 ? `${key.slice(11)}h` : formatDayMonth(key));

/** "Analytics": catalogue and usage figures, what people search, who pays for what, two charts. */
export function AnalyticsPanel({ figures }: { figures: AnalyticsFigures }) {
  const hourly = figures.searchesSeries[0]?.key.length === 13;
  const searchPoints: ChartPoint[] = figures.searchesSeries.map((p) => ({
    label: pointLabel(p.key),
    value: p.value,
    display: formatInteger(p.value),
  }));
  const revenuePoints: ChartPoint[] = figures.revenueSeries.map((p) => ({
    label: formatMonth(p.month),
    value: p.revenueCents,
    display: formatBRL(p.revenueCents),
  }));
  const totalSearches = figures.searchesSeries.reduce((sum, p) => sum + p.value, 0);
  const totalRevenue = figures.revenueSeries.reduce((sum, p) => sum + p.revenueCents, 0);
  const growth = figures.searchGrowth;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={m.parts} value={formatInteger(figures.totalParts)} />
        <StatCard
          label={m.queriesToday}
          value={formatInteger(figures.searchesToday)}
          hint={
            growth === null
              ? m.noGrowthBase
              : m.growth(`${growth > 0 ? "+" : ""}${formatPercent(growth)}`)
          }
        />
        <StatCard label={m.vehicles} value={formatInteger(figures.totalVehicles)} />
        <StatCard label={m.uniqueUsers} value={formatInteger(figures.uniqueUsersToday)} />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <BarChart
          title={hourly ? m.searchesChartHourly : m.searchesChart}
          summary={m.chartTotal(formatInteger(totalSearches))}
          points={searchPoints}
          emptyText={m.chartEmpty}
        />
        <BarChart
          title={m.revenueChart}
          summary={m.chartTotal(formatBRL(totalRevenue))}
          points={revenuePoints}
          emptyText={m.chartEmpty}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CardSection id="top-categories-title" title={m.topCategories}>
          {figures.categoryStats.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{m.noCategories}</p>
          ) : (
            <ol className="mt-3 divide-y divide-slate-100 text-sm">
              {figures.categoryStats.map((category) => (
                <li key={category.categoryName} className="flex justify-between gap-2 py-2">
                  <span>{category.categoryName}</span>
                  <span className="text-slate-600">
                    {m.partsCount(formatInteger(category.partsCount))}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </CardSection>
        <CardSection id="top-searched-title" title={m.topSearched}>
          <PopularPartsList
            items={figures.topSearched}
            emptyText={m.noTopSearched}
            countText={m.searchesCount}
          />
        </CardSection>
      </div>

      {/* Below `sm` the plans are cards, each figure under its column's name (`list-cards`): nothing
          to scroll sideways on a phone. */}
      <CardSection id="breakdown-title" title={m.breakdown} className="list-cards p-5">
        {figures.breakdown.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{m.noPlans}</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {m.breakdownColumns.plan}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {m.breakdownColumns.subscribers}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {m.breakdownColumns.price}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {m.breakdownColumns.revenue}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {figures.breakdown.map((plan) => (
                <tr key={plan.planId}>
                  <th scope="row" className="py-2 pr-4 font-medium" data-label="">
                    {plan.planName}
                  </th>
                  <td
                    className="py-2 pr-4 text-right tabular-nums"
                    data-label={m.breakdownColumns.subscribers}
                  >
                    {formatInteger(plan.subscribers)}
                  </td>
                  <td
                    className="py-2 pr-4 text-right tabular-nums"
                    data-label={m.breakdownColumns.price}
                  >
                    {plan.priceCents > 0 ? formatBRL(plan.priceCents) : m.free}
                  </td>
                  <td
                    className="py-2 text-right tabular-nums"
                    data-label={m.breakdownColumns.revenue}
                  >
                    {formatBRL(plan.revenueCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardSection>
    </div>
  );
}
