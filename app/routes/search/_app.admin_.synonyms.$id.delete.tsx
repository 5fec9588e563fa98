import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { useListHref } from "~/components/catalogue/list-href";
import { deleteSynonym, getSynonym } from "~/models/search/index.server";
import type { Access } from "~/server/access";
import { requireAccess } from "~/server/guard.server";
import { dialogRefusal } from "~/server/refusal.server";
import { recordOr404 } from "~/server/responses.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.synonyms;

export const meta: MetaFunction = () => [{ title: `${m.deleteTitle} — Encaixa` }];

const synonymIdOr404 = (raw: string | undefined) => recordOr404(raw, getSynonym, m.notFound).id;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const { term, meaning } = recordOr404(params.id, getSynonym, m.notFound);
  return { term, meaning };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const result = deleteSynonym(synonymIdOr404(params.id), admin.id);
  if (!result.ok) return dialogRefusal(result);
  return redirectWithToast(`/admin/synonyms${new URL(request.url).search}`, {
    type: "success",
    message: m.deleted,
  });
}

export default function DeleteSynonym() {
  const { term, meaning } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ConfirmDeleteDialog
      title={m.deleteTitle}
      message={m.confirmDelete(term, meaning)}
      closeTo={useListHref("/admin/synonyms")}
      error={actionData?.error}
    />
  );
}
