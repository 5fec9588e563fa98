import { data } from "@remix-run/node";
import * as messages from "~/messages";

/**
 * Unexpected failures the specs name with a text of their own ("Erro ao salvar marca", "Erro ao
 * excluir marca", ADR 0062): the error goes to the server's log in full, the person sees the text
 * where the failure happened, and the answer is a 500. A thrown Response (a refusal, a redirect)
 * is not a failure: it passes through. Everything else stays uncaught (ADR 0039): the error page
 * and the log answer it.
 */
export function logFailure(what: string, error: unknown): void {
  console.error(messages.failures.log(what), error);
}

/** The status of an answer to a failure: the server's error, though the page shows it in place. */
export const FAILURE_STATUS = 500;

/** Runs `work`; an error it throws that is not a Response becomes `answer(text)`, logged. */
export async function orFailure<T, F>(
  what: string,
  work: () => T | Promise<T>,
  answer: () => F,
): Promise<T | F> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    logFailure(what, error);
    return answer();
  }
}

/** A confirmation dialog's answer to a failure: its `error` text, 500 (as `dialogRefusal` answers a refusal). */
export function dialogFailure(message: string) {
  return data({ error: message }, { status: FAILURE_STATUS });
}

type Replyable<R> = { reply(options?: { formErrors?: string[]; hideFields?: string[] }): R };

/** A form's answer to a failure: the text above the form, the values kept (but `hideFields`), 500. */
export function formFailure<R>(
  submission: Replyable<R>,
  message: string,
  options: { hideFields?: string[] } = {},
) {
  return data(submission.reply({ formErrors: [message], ...options }), {
    status: FAILURE_STATUS,
  });
}
