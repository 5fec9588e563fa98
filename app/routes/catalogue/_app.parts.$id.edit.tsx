import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartErrorBoundary, PartFormDialog } from "~/components/admin/part-form";
import { getPart } from "~/models/catalogue/index.server";
import { answerPartForm, partDialogData } from "./_app.parts.form.server";
import { positiveId } from "~/schemas/catalogue/part";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import { invariantResponse } from "~/server/responses.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.parts;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${m.editPart} ${data.code}` : m.notFound} — Encaixa` },
];

function partIdOr404(raw: string | undefined): number {
  const id = positiveId(raw);
  invariantResponse(id !== undefined, m.notFound);
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  const part = getPart(partIdOr404(params.id));
  invariantResponse(part, m.notFound);
  return { code: part.code, ...partDialogData(request, part) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  const partId = partIdOr404(params.id);
  return answerPartForm(request, { partId, actorId: admin.id, success: m.updated });
}

export default function EditPart() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <PartFormDialog
      id="part-edit"
      title={`${m.editPart} ${loaded.code}`}
      loaded={loaded}
      answer={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <PartErrorBoundary dialogTitle={m.editPart} />;
}
