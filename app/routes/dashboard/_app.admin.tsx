import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { CompanyForm } from "~/components/admin/company-form";
import { SeoForm } from "~/components/admin/seo-form";
import { AnalyticsPanel } from "~/components/dashboard/analytics-panel";
import { ActivityList } from "~/components/dashboard/feed-lists";
import { OverviewPanel } from "~/components/dashboard/overview-panel";
import { PaymentsPanel } from "~/components/dashboard/payments-panel";
import { SystemPanel } from "~/components/dashboard/system-panel";
import { tabFrom, UrlTabs } from "~/components/tabs";
import { backupStatus } from "~/models/backups/index.server";
import {
  adminHomeStats,
  categoryStats,
  inventoryFigures,
  planFigures,
  recentActivityFeed,
  revenueByMonth,
  revenueMonthsFor,
  searchActivity,
  searchesSeries,
  subscriptionBreakdown,
  topSearches,
  userFigures,
} from "~/models/dashboard/index.server";
import { DASHBOARD_PERIODS, type DashboardPeriod } from "~/schemas/choices";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { refusalData } from "~/server/refusal.server";
import { requireAccess } from "~/server/guard.server";
import { orFailure } from "~/server/failure.server";
import { flushRequestCounts } from "~/server/request-counter.server";
import { healthChecks, overallOf, systemResources } from "~/server/dashboard/system-health.server";
import * as messages from "~/messages";
import { loadSeoTab, saveSeoTab, type SeoTabReply } from "./_app.admin.seo.server";
import { type CompanyTabReply, loadCompanyTab, saveCompanyTab } from "./_app.admin.company.server";
import {
  type GatewayTestReply,
  loadPaymentsTab,
  testGatewayTab,
} from "./_app.admin.payments.server";

export const access: Access = ["admin"];

const m = messages.dashboard;
const PAYMENT_RESULTS = ["success", "failure", "pending"] as const;
/** The spec's dashboard constants: activities shown, and the top searches' window and size. */
const ACTIVITY_SHOWN = 15;
const TOP_SEARCHES = { days: 30, limit: 5 } as const;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

type Tab = keyof typeof m.tabs;

/** Only the open tab's figures are read: each tab is its own page (`?tab=`), links and all. */
async function tabData(tab: Tab, period: DashboardPeriod, now: Date) {
  switch (tab) {
    case "geral":
      return {
        tab,
        overview: {
          users: userFigures(now),
          plans: planFigures(),
          activity: searchActivity(now),
        },
      } as const;
    case "analytics": {
      const counts = adminHomeStats(now);
      return {
        tab,
        analytics: {
          totalParts: counts.parts,
          totalVehicles: counts.vehicles,
          searchesToday: counts.searchesToday,
          searchGrowth: searchActivity(now).searchGrowth,
          uniqueUsersToday: counts.uniqueUsersToday,
          categoryStats: categoryStats(),
          topSearched: topSearches(TOP_SEARCHES, now),
          breakdown: subscriptionBreakdown(),
          searchesSeries: searchesSeries(period, now),
          revenueSeries: revenueByMonth(revenueMonthsFor(period, now), now),
        },
      } as const;
    }
    case "sistema": {
      flushRequestCounts();
      const activity = searchActivity(now);
      const backups = backupStatus(now);
      const health = await healthChecks(now);
      return {
        tab,
        system: {
          health,
          databaseStatus: overallOf(health.checks.filter((check) => check.id === "database")),
          resources: await systemResources(),
          backups: {
            last: backups.last && {
              createdAt: backups.last.createdAt,
              sizeBytes: backups.last.sizeBytes,
            },
            count: backups.count,
            keep: backups.keep,
            folder: backups.folder,
            // A due backup runs at the schedule's next tick: never show a time already past.
            nextDueAt:
              backups.nextDueAt && new Date(Math.max(backups.nextDueAt.getTime(), now.getTime())),
          },
          errorRate: activity.errorRate,
          requestsLast24h: activity.requestsLast24h,
          serverErrorsLast24h: activity.serverErrorsLast24h,
          searchesThisMonth: activity.searchesThisMonth,
          dailyAverageThisMonth: activity.dailyAverageThisMonth,
          inventory: inventoryFigures(),
        },
      } as const;
    }
    case "atividade":
      return { tab, activity: recentActivityFeed(ACTIVITY_SHOWN, now) } as const;
    case "pagamentos":
      return { tab, gateways: loadPaymentsTab() } as const;
    case "seo":
      return { tab, seo: loadSeoTab() } as const;
    case "empresa":
      return { tab, company: loadCompanyTab() } as const;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const url = new URL(request.url);
  const tab = tabFrom(url, m.tabs, "geral");
  const period = DASHBOARD_PERIODS.find((p) => p === url.searchParams.get("period")) ?? "7d";
  const payment = PAYMENT_RESULTS.find((p) => p === url.searchParams.get("payment")) ?? null;
  // A tab whose figures cannot be read says so inside the page, in the spec's words (ADR 0062).
  const view = await orFailure(
    `/admin?tab=${tab}`,
    () => tabData(tab, period, new Date()),
    () => ({
      tab: "failed" as const,
      message: tab === "sistema" ? messages.failures.systemMetrics : m.loadFailed,
    }),
  );
  return { period, payment, tab, view };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "seo":
      return saveSeoTab(form, admin);
    case "company":
      return saveCompanyTab(form, admin);
    case "test-gateway":
      return testGatewayTab(form);
    default:
      return refusalData({ intent: null, reply: null }, "invalid_input");
  }
}

const PAYMENT_NOTICE_STYLE = {
  success: "bg-emerald-50 text-emerald-900 border-emerald-200",
  failure: "bg-red-50 text-red-900 border-red-200",
  pending: "bg-amber-50 text-amber-900 border-amber-200",
} as const;

export default function AdminDashboard() {
  const { period, payment, tab, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<
    SeoTabReply | CompanyTabReply | GatewayTestReply | { intent: null; reply: null }
  >();
  return (
    <div className="space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to={`?tab=${tab}&period=${period}`} className="btn-secondary" preventScrollReset>
            {m.refresh}
          </Link>
        }
      />
      {payment && (
        <p role="status" className={`rounded-lg border px-4 py-3 ${PAYMENT_NOTICE_STYLE[payment]}`}>
          {m.payment[payment]}
        </p>
      )}
      <nav aria-label={m.periodLabel} className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">{m.periodLabel}:</span>
        {DASHBOARD_PERIODS.map((p) => (
          <Link
            key={p}
            to={`?tab=${tab}&period=${p}`}
            preventScrollReset
            aria-current={p === period ? "true" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-semibold ${
              p === period
                ? "bg-brand-600 text-white"
                : "bg-slate-100 text-slate-700 hover:bg-slate-200"
            }`}
          >
            {m.periods[p]}
          </Link>
        ))}
      </nav>
      <UrlTabs tabs={m.tabs} current={tab} label={m.tabsLabel} keep={{ period }} />
      {view.tab === "failed" && (
        <p role="alert" className="card border-red-200 bg-red-50 p-5 font-semibold text-red-800">
          {view.message}
        </p>
      )}
      {view.tab === "geral" && <OverviewPanel figures={view.overview} />}
      {view.tab === "analytics" && <AnalyticsPanel figures={view.analytics} />}
      {view.tab === "sistema" && <SystemPanel figures={view.system} />}
      {view.tab === "atividade" && (
        <section className="card p-5" aria-labelledby="activity-title">
          <h2 id="activity-title" className="text-lg font-semibold">
            {m.activity.title}
          </h2>
          <ActivityList
            items={view.activity}
            emptyText={m.activity.empty}
            typeLabel={(type) => m.activity.types[type] ?? m.activity.otherType}
          />
        </section>
      )}
      {view.tab === "pagamentos" && (
        <PaymentsPanel
          gateways={[view.gateways.mercadopago, view.gateways.paghiper]}
          testAction={`/admin?tab=pagamentos&period=${period}`}
          result={actionData?.intent === "test-gateway" ? actionData : null}
        />
      )}
      {view.tab === "seo" && (
        <SeoForm
          settings={view.seo}
          reply={actionData?.intent === "seo" ? actionData.reply : null}
        />
      )}
      {view.tab === "empresa" && (
        <CompanyForm
          // A save starts the form again from what was stored (CNPJ, CEP and phone re-masked).
          key={view.company.updatedAt ?? "new"}
          settings={view.company}
          reply={actionData?.intent === "company" ? actionData.reply : null}
        />
      )}
    </div>
  );
}
