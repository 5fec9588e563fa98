import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { createBackup } from "~/models/backups/index.server";
import type { Access } from "~/server/access";
import { readForm } from "~/server/forms.server";
import { requireAccess } from "~/server/guard.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";

export const access: Access = ["admin"];

const m = messages.backups;
const SYSTEM_TAB = "/admin?tab=sistema";

/** The button lives on the dashboard's Sistema tab; this address only takes its post. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request, access);
  return redirect(SYSTEM_TAB);
}

/**
 * "Fazer backup agora": the backup is made within the request (seconds even for a large
 * catalogue), so the admin sees its name and size at once. A second click while one runs is told
 * so instead of starting another.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request, access);
  await readForm(request);
  let created: Awaited<ReturnType<typeof createBackup>>;
  try {
    created = await createBackup();
  } catch (error) {
    console.error(m.logCopyFailed, error);
    return redirectWithToast(SYSTEM_TAB, { type: "error", message: m.failed });
  }
  if (!created.ok)
    return redirectWithToast(SYSTEM_TAB, { type: "warning", message: created.message });
  const { backup } = created.value;
  return redirectWithToast(SYSTEM_TAB, {
    type: "success",
    message: m.created(backup.fileName, backup.sizeBytes),
  });
}
