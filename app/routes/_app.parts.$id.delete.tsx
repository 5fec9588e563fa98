import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { PartErrorBoundary } from "~/components/admin/part-form";
import { deletePart, getPart } from "~/models/part.server";
import { partListSearch, positiveId } from "~/schemas/part";
import { requireAdmin } from "~/server/auth.server";
import { messages } from "~/utils/messages";
import { redirectWithToast } from "~/server/toast.server";

const m = messages.parts;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? m.deleteTitle(data.code) : m.notFound} — Encaixa` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = positiveId(params.id);
  const part = id === undefined ? undefined : getPart(id, { withFitments: false });
  if (!part) throw new Response(m.notFound, { status: 404 });
  return { code: part.code, back: `/parts${partListSearch(new URL(request.url).searchParams)}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = positiveId(params.id);
  if (id === undefined) throw new Response(m.notFound, { status: 404 });
  const back = `/parts${partListSearch(new URL(request.url).searchParams)}`;
  try {
    const outcome = deletePart(id, admin.id);
    if (!outcome.ok) throw new Response(outcome.message, { status: outcome.status });
    return redirectWithToast(back, { type: "success", message: m.deleted });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    return data({ error: m.deleteFailed }, { status: 500 });
  }
}

export default function DeletePart() {
  const { code, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteTitle(code)}
      message={m.deleteConfirm}
      closeTo={back}
      error={actionData?.error}
    />
  );
}

export function ErrorBoundary() {
  return <PartErrorBoundary dialogTitle={m.delete} />;
}
