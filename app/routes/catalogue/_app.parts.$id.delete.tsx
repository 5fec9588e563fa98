import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { PartErrorBoundary } from "~/components/admin/part-form";
import { deletePart, getPart } from "~/models/catalogue/index.server";
import { partListSearch, positiveId } from "~/schemas/catalogue/part";
import { throwRefusal } from "~/server/refusal.server";
import { dialogFailure, orFailure } from "~/server/failure.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { invariantResponse } from "~/server/responses.server";
import * as messages from "~/messages";
import { redirectWithToast } from "~/server/toast.server";

export const access: Access = ["admin"];

const m = messages.parts;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.deleteTitle(data.code) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const id = positiveId(params.id);
  const part = id === undefined ? undefined : getPart(id, { withFitments: false });
  invariantResponse(part, m.notFound);
  return { code: part.code, back: `/parts${partListSearch(new URL(request.url).searchParams)}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const id = positiveId(params.id);
  invariantResponse(id !== undefined, m.notFound);
  const back = `/parts${partListSearch(new URL(request.url).searchParams)}`;
  const outcome = await orFailure(
    back,
    () => deletePart(id, admin.id),
    () => null,
  );
  if (!outcome) return dialogFailure(messages.failures.partDelete);
  if (!outcome.ok) throwRefusal(outcome);
  return redirectWithToast(back, { type: "success", message: m.deleted });
}

export default function DeletePart() {
  const { code, back } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteTitle(code)}
      message={m.deleteConfirm}
      closeTo={back}
      error={failed?.error}
    />
  );
}

export function ErrorBoundary() {
  return <PartErrorBoundary dialogTitle={m.delete} />;
}
