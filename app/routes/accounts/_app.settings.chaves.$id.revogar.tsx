import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/confirm-delete";
import { findApiKey, revokeApiKey } from "~/models/accounts/index.server";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { dialogRefusal } from "~/server/refusal.server";
import { recordOr404 } from "~/server/responses.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

/** The confirmation before revoking one of the user's own API keys (ADR 0049): a plain POST. */
export const access: Access = "signed-in";

const m = messages.apiKeys;
const CLOSE_TO = "/settings?tab=api";

export const meta: MetaFunction = () => [{ title: `${m.revokeTitle} — Encaixa` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access);
  const key = recordOr404(params.id, (id) => findApiKey(user.id, id), m.notFound);
  return { key: { name: key.name, prefix: key.prefix, revoked: key.revokedAt !== null } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access);
  await readForm(request);
  const keyId = recordOr404(params.id, (id) => findApiKey(user.id, id), m.notFound).id;
  const revoked = revokeApiKey(user.id, keyId);
  if (!revoked.ok) return dialogRefusal(revoked);
  return redirectWithToast(CLOSE_TO, { type: "success", message: m.revoked(revoked.value.name) });
}

export default function RevokeApiKey() {
  const { key } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? (key.revoked ? m.alreadyRevoked : null);
  return (
    <ConfirmDialog
      title={m.revokeTitle}
      message={m.revokeText(key.name, key.prefix)}
      closeTo={CLOSE_TO}
      error={error}
      cancelLabel={m.keep}
      confirmLabel={m.revokeSubmit}
      canConfirm={!key.revoked}
    />
  );
}
