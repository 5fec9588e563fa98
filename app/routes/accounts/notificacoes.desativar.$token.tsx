import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-form-parts";
import { SubmitButton } from "~/components/submit-button";
import { turnOffByLink, turnOffState } from "~/models/notifications/index.server";
import { fromAnotherSite } from "~/server/csrf.server";
import { edgeRefusal, refusalResponse, refusalStatus } from "~/server/refusal.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";
import { seoHeadFrom, seoMeta } from "~/utils/seo-meta";

/**
 * The link at the foot of every notification (ADR 0047): GET shows what it turns off and a
 * confirmation button, changing nothing (mail scanners open links); the POST turns that kind off
 * and comes back here, where the page says it is off. No sign-in: the signed link is the proof.
 */
export const access: Access = "public";

const m = messages.notifications;

// The token stays out of the page's canonical and og:url.
export const meta: MetaFunction = ({ matches }) =>
  seoMeta(seoHeadFrom(matches), { path: "/notificacoes/desativar", title: m.offTitle });

export function loader({ params }: LoaderFunctionArgs) {
  const state = turnOffState(params.token ?? "");
  if (!state.ok) return data({ state: null }, { status: refusalStatus(state) });
  return { state: state.value };
}

export function action({ request, params }: ActionFunctionArgs) {
  if (fromAnotherSite(request))
    throw refusalResponse(edgeRefusal("forbidden", messages.auth.crossSiteForm));
  const done = turnOffByLink(params.token ?? "");
  if (!done.ok) return data({ state: null }, { status: refusalStatus(done) });
  return redirect(new URL(request.url).pathname);
}

export default function TurnOffNotifications() {
  const { state } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";

  if (!state)
    return (
      <AuthLayout title={m.offInvalidTitle} subtitle={m.offInvalid}>
        <SettingsLink />
      </AuthLayout>
    );

  if (state.off)
    return (
      <AuthLayout title={m.offDoneTitle} subtitle={m.offDone(state.topic, state.email)}>
        <p className="mb-4 text-sm text-slate-600">{m.offSettings}</p>
        <SettingsLink />
      </AuthLayout>
    );

  return (
    <AuthLayout title={m.offTitle} subtitle={m.offConfirm(state.topic, state.email)}>
      <Form method="post">
        <SubmitButton className="btn-primary w-full" busy={busy} busyLabel={m.offBusy}>
          {m.offButton}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}

function SettingsLink() {
  return (
    <Link to="/settings" className="text-sm font-semibold text-brand-700 hover:underline">
      {m.offToSettings}
    </Link>
  );
}
