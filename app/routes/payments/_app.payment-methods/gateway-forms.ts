import type { SubmissionResult } from "@conform-to/react";

/** The page's forms, told apart by the `intent` each posts. */
export const INTENTS = [
  "save-mercadopago",
  "test-mercadopago",
  "save-paghiper",
  "test-paghiper",
  "save-banktransfer",
  "clear-banktransfer",
] as const;
export type Intent = (typeof INTENTS)[number];

export type Reply = SubmissionResult<string[]>;
/** What a form post that did not redirect answers: which form it was, and that form's reply. */
export type ActionData = { intent: Intent | null; reply: Reply | null };
