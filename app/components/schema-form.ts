import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A form the browser checks with the zod schema its action checks again on the server: first on
 * submit, then on every input while an error shows. Without JavaScript the action's answer
 * (`lastResult`) shows the same errors.
 */
export function useSchemaForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<Input>;
  },
) {
  return useForm<Input, Output>({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
