import { Form } from "@remix-run/react";
import { StatCard } from "~/components/admin/page-header";
import { CardSection } from "~/components/card-section";
import { useIsSubmitting } from "~/components/hooks";
import {
  formatBytes,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatPercent,
} from "~/utils/format";
import * as messages from "~/messages";
import { UsageBar } from "./usage-bar";

const m = messages.dashboard.system;

type CheckStatus = "success" | "warning" | "error";
type Overall = "healthy" | "warning" | "error";

export type SystemFigures = {
  /** The database check's verdict, as /api/dashboard/metrics gives it. */
  databaseStatus: Overall;
  health: {
    status: Overall;
    checks: { id: keyof typeof m.checks; status: CheckStatus; message: string }[];
  };
  resources: {
    cpuPercent: number;
    cores: number;
    memoryPercent: number;
    memoryUsedBytes: number;
    memoryTotalBytes: number;
    processRssBytes: number;
    disk: { totalBytes: number; freeBytes: number; percent: number } | null;
    uptimeSeconds: number;
  };
  backups: {
    last: { createdAt: Date; sizeBytes: number } | null;
    count: number;
    keep: number;
    folder: string;
    /** Null when scheduled backups are off (BACKUP_INTERVAL_HOURS=0). */
    nextDueAt: Date | null;
  };
  errorRate: number;
  requestsLast24h: number;
  serverErrorsLast24h: number;
  searchesThisMonth: number;
  dailyAverageThisMonth: number;
  inventory: {
    totalParts: number;
    partsWithMlLink: number;
    mlLinkPercentage: number;
    partsWithDirectMlLink: number;
  };
};

const STATUS_STYLE: Record<CheckStatus, string> = {
  success: "bg-emerald-100 text-emerald-900",
  warning: "bg-amber-100 text-amber-900",
  error: "bg-red-100 text-red-900",
};
const OVERALL_STATUS: Record<Overall, CheckStatus> = {
  healthy: "success",
  warning: "warning",
  error: "error",
};

/** The spec's backup age: under an hour, whole hours, or whole days. */
export function backupAge(createdAt: Date, now = new Date()): string {
  const hours = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 3_600_000);
  if (hours < 1) return m.backupAge.underAnHour;
  if (hours < 24) return m.backupAge.hours(hours);
  return m.backupAge.days(Math.floor(hours / 24));
}

/** The spec's words for an error rate: below 1 % excellent, below 5 % good. */
export function errorRateLabel(percent: number): string {
  if (percent < 1) return m.errorRateLabel.excellent;
  if (percent < 5) return m.errorRateLabel.good;
  return m.errorRateLabel.attention;
}

/** "Sistema": health checks, resources, backups, errors, monthly searches and link coverage. */
export function SystemPanel({ figures }: { figures: SystemFigures }) {
  const { health, resources, backups, inventory } = figures;
  const lastBackup = backups.last;
  const backingUp = useIsSubmitting("/admin/backup");
  const database = health.checks.find((c) => c.id === "database");
  return (
    <div className="space-y-6">
      <section className="card p-5" aria-labelledby="health-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="health-title" className="text-lg font-semibold">
            {m.healthTitle}
          </h2>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[OVERALL_STATUS[health.status]]}`}
          >
            {m.overall[health.status]}
          </span>
        </div>
        <ul className="mt-3 divide-y divide-slate-100">
          {health.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="block font-medium">{m.checks[check.id]}</span>
                <span className="block text-sm text-slate-600">{check.message}</span>
              </span>
              <span
                className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[check.status]}`}
              >
                {m.checkStatus[check.status]}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CardSection id="resources-title" title={m.resources} className="space-y-4 p-5">
          <UsageBar
            label={m.cpu(resources.cores)}
            percent={resources.cpuPercent}
            valueText={formatPercent(resources.cpuPercent)}
          />
          <UsageBar
            label={m.memory}
            percent={resources.memoryPercent}
            valueText={formatPercent(resources.memoryPercent)}
            detail={m.memoryDetail(
              formatBytes(resources.memoryUsedBytes),
              formatBytes(resources.memoryTotalBytes),
              formatBytes(resources.processRssBytes),
            )}
          />
          {resources.disk ? (
            <UsageBar
              label={m.disk}
              percent={resources.disk.percent}
              valueText={formatPercent(resources.disk.percent)}
              detail={m.diskDetail(
                formatBytes(resources.disk.freeBytes),
                formatBytes(resources.disk.totalBytes),
              )}
            />
          ) : (
            <p className="text-sm text-slate-600">{m.diskUnknown}</p>
          )}
        </CardSection>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <StatCard
            label={m.databaseStatus}
            value={m.databaseStatusValue[figures.databaseStatus]}
            hint={database?.message}
          />
          <StatCard
            label={m.uptime}
            value={formatDuration(resources.uptimeSeconds)}
            hint={m.uptimeDetail}
          />
          <StatCard
            label={m.errorRate}
            value={formatPercent(figures.errorRate, 2)}
            hint={m.errorRateDetail(
              errorRateLabel(figures.errorRate),
              formatInteger(figures.serverErrorsLast24h),
              formatInteger(figures.requestsLast24h),
            )}
          />
          <StatCard
            label={m.monthlySearches}
            value={formatInteger(figures.searchesThisMonth)}
            hint={m.dailyAverage(formatDecimal(figures.dailyAverageThisMonth))}
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CardSection id="backup-title" title={m.lastBackup}>
          {lastBackup ? (
            <p className="mt-2">
              <span className="block text-2xl font-bold">{backupAge(lastBackup.createdAt)}</span>
              <span className="block text-sm text-slate-600">
                {formatDateTime(lastBackup.createdAt)} · {formatBytes(lastBackup.sizeBytes)}
              </span>
            </p>
          ) : (
            <p className="mt-2 text-slate-600">{m.noBackup}</p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {m.backupsKept(backups.count, backups.keep, backups.folder)}{" "}
            {backups.nextDueAt
              ? m.nextBackup(formatDateTime(backups.nextDueAt))
              : m.scheduledBackupsOff}
          </p>
          <Form method="post" action="/admin/backup" className="mt-4">
            <button type="submit" className="btn-secondary" disabled={backingUp}>
              {backingUp ? m.backingUp : messages.backups.backupNow}
            </button>
          </Form>
        </CardSection>
        <StatCard
          label={m.linkCoverage}
          value={formatPercent(inventory.mlLinkPercentage)}
          hint={m.linkCoverageDetail(
            inventory.mlLinkPercentage > 80 ? m.linkCoverageLabel.great : m.linkCoverageLabel.good,
            formatInteger(inventory.partsWithMlLink),
            formatInteger(inventory.totalParts),
            formatInteger(inventory.partsWithDirectMlLink),
          )}
        />
      </div>
    </div>
  );
}
