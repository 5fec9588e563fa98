import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PartFormDialog } from "~/components/admin/part-form";
import { answerPartForm, partDialogData } from "./_app.parts.form.server";
import { requireAccess } from "~/server/guard.server";
import type { Access } from "~/server/access";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.parts;

export const meta: MetaFunction = () => [{ title: `${m.newPart} — Encaixa` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return partDialogData(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAccess(request, access);
  return answerPartForm(request, { actorId: admin.id, success: m.created });
}

export default function NewPart() {
  return (
    <PartFormDialog
      id="part-new"
      title={m.newPart}
      loaded={useLoaderData<typeof loader>()}
      answer={useActionData<typeof action>()}
    />
  );
}
