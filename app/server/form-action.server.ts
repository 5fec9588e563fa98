import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { Outcome } from "~/models/outcome";
import type { Access } from "./access";
import type { PathRecord } from "./api-request.server";
import { requireAccess } from "./guard.server";
import { readForm } from "./forms.server";
import { formInvalid, formRefusal } from "./refusal.server";
import { recordOr404 } from "./responses.server";
import { redirectWithToast } from "./toast.server";
import { formFailure, logFailure } from "./failure.server";

/**
 * The create/edit action of a dialog form, the one skeleton its routes share: read the form
 * (ADR 0017), validate it with `schema` (refused: the reply with its field errors, 400), hand the
 * value to `save` (a refusal it returns is shown on the form, its status from the one mapping),
 * then go back to the list at `back` — with the list's filters, the request's query — and a
 * success notice. `hideFields` (passwords) are never sent back. An error `save` throws is not
 * caught — the error page and the server's log answer it — unless `failed` names the spec's text
 * for it: then it is logged and the form shows that text (500, ADR 0062).
 */
type DialogFormOptions<S extends z.ZodType, T> = {
  schema: S;
  save: (value: z.output<S>) => Outcome<T> | void | Promise<Outcome<T> | void>;
  back: string;
  /** The notice; a function of what `save` accepted when it depends on it. */
  success: string | ((saved: T | undefined) => string);
  hideFields?: string[];
  /** The spec's text for a save that failed unexpectedly ("Erro ao salvar marca"). */
  failed?: string;
};

export async function submitDialogForm<S extends z.ZodType, T>(
  request: Request,
  options: DialogFormOptions<S, T>,
) {
  const { schema, save, back, success, hideFields, failed } = options;
  const hidden = hideFields ? { hideFields } : {};
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success") return formInvalid(submission, hidden);
  let saved: Awaited<ReturnType<typeof save>>;
  try {
    saved = await save(submission.value);
  } catch (error) {
    if (!failed || error instanceof Response) throw error;
    logFailure(back, error);
    return formFailure(submission, failed, hidden);
  }
  if (saved && !saved.ok) return formRefusal(submission, saved, hidden);
  return redirectWithToast(`${back}${new URL(request.url).search}`, {
    type: "success",
    message: typeof success === "string" ? success : success(saved ? saved.value : undefined),
  });
}

/** The loader of a route whose page needs no data, a blank create dialog: only the guard. */
export function guardOnlyLoader(access: Access) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireAccess(request, access);
    return null;
  };
}

/**
 * The start of a dialog's loader or action about one record: the guard, then the record its path
 * names (a thrown 404 with `notFound`, the page's error boundary shows it).
 */
export async function requireRecord<T>(
  request: Request,
  access: Access,
  { id, load, notFound }: PathRecord<T>,
) {
  const actor = await requireAccess(request, access);
  return { actor, record: recordOr404(id, load, notFound) };
}

/** The loader of a dialog about the record `:id` names: `requireRecord`, then what the page shows of it. */
export function recordLoader<T, R>(
  access: Access,
  recordAt: (id: string | undefined) => PathRecord<T>,
  show: (record: T) => R,
) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const { record } = await requireRecord(request, access, recordAt(params.id));
    return show(record);
  };
}

/** The action of a create dialog: the guard, then `submitDialogForm`, `save` given the caller's id. */
export function createDialogAction<S extends z.ZodType, T>(
  access: Access,
  options: Omit<DialogFormOptions<S, T>, "save"> & {
    save: (value: z.output<S>, actorId: number) => ReturnType<DialogFormOptions<S, T>["save"]>;
  },
) {
  return async ({ request }: ActionFunctionArgs) => {
    const actor = await requireAccess(request, access);
    return submitDialogForm(request, {
      ...options,
      save: (value) => options.save(value, actor.id),
    });
  };
}
