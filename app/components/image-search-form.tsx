import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { imageSearchSchema } from "~/schemas/image-search";
import * as messages from "~/messages";

const s = messages.search;

/**
 * The home page's "Por Imagem" tab: a plain multipart form (it works without JavaScript); with
 * JavaScript the photo is checked and previewed when chosen, and a bar shows while it is read.
 */
export function ImageSearchForm({
  action,
  buttonLabel,
  lastResult,
}: {
  action: string;
  buttonLabel: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const reading =
    navigation.state !== "idle" &&
    navigation.formMethod?.toLowerCase() === "post" &&
    navigation.formAction === action;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const [form, fields] = useForm({
    id: "image-search",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imageSearchSchema }),
    shouldValidate: "onInput",
  });
  const error = fields.image.errors?.[0] ?? form.errors?.[0];

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-3"
      {...getFormProps(form)}
    >
      <label
        htmlFor={fields.image.id}
        className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 text-center hover:border-brand-500"
      >
        {preview ? (
          <img
            src={preview}
            alt={s.imagePreview}
            className="max-h-48 rounded-lg object-contain"
            data-testid="image-preview"
          />
        ) : null}
        <span className="font-semibold">{s.imageLabel}</span>
        <span className="text-sm text-slate-600">{s.imageHint}</span>
        <input
          {...getInputProps(fields.image, { type: "file" })}
          accept="image/*"
          className="mt-3 text-sm"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={reading}>
        {reading ? s.imageReading : buttonLabel}
      </button>
      {reading && (
        <div role="status" className="space-y-1 text-sm text-slate-700">
          <progress className="h-2 w-full" aria-label={s.imageReading} />
          <p>{s.imageReading}</p>
        </div>
      )}
      {error && (
        <p role="alert" id={fields.image.errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </Form>
  );
}
