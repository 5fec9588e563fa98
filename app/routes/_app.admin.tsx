import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/page-header";
import { SeoForm } from "~/components/admin/seo-form";
import { tabFrom, UrlTabs } from "~/components/tabs";
import { lastBackup } from "~/models/backup.server";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import * as messages from "~/messages";
import { loadSeoTab, saveSeoTab, type SeoTabReply } from "./_app.admin.seo.server";

export const access: Access = ["admin"];

const m = messages.dashboard;

export const PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type Period = (typeof PERIODS)[number];
const PAYMENT_RESULTS = ["success", "failure", "pending"] as const;

export const meta: MetaFunction = () => [{ title: `${m.title} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const url = new URL(request.url);
  const tab = tabFrom(url, m.tabs, "geral");
  const period = PERIODS.find((p) => p === url.searchParams.get("period")) ?? "7d";
  const payment = PAYMENT_RESULTS.find((p) => p === url.searchParams.get("payment")) ?? null;
  return {
    tab,
    period,
    payment,
    seo: tab === "seo" ? loadSeoTab() : null,
    lastBackup: tab === "sistema" ? lastBackup() : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "seo":
      return saveSeoTab(form, admin);
    default:
      return data({ intent: null, reply: null }, { status: 400 });
  }
}

export default function AdminDashboard() {
  const { tab, period, payment, seo } = useLoaderData<typeof loader>();
  const actionData = useActionData<SeoTabReply | { intent: null; reply: null }>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Link to={`?tab=${tab}&period=${period}`} className="btn-secondary" reloadDocument>
            {m.refresh}
          </Link>
        }
      />
      {payment && <p role="status">{m.payment[payment]}</p>}
      <UrlTabs tabs={m.tabs} current={tab} label={m.tabsLabel} />
      {tab === "seo" && seo && (
        <SeoForm settings={seo} reply={actionData?.intent === "seo" ? actionData.reply : null} />
      )}
      <Form method="post" action="/admin/backup" hidden />
    </div>
  );
}
