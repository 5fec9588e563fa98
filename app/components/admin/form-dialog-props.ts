import type { SubmissionResult } from "@conform-to/react";

/**
 * What an add/edit dialog's route gives its form: the dialog's title, where "Cancelar" goes, the
 * action's answer to show again, and the values an edit starts from.
 */
export type FormDialogProps<Defaults> = {
  title: string;
  closeTo: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Defaults;
};
