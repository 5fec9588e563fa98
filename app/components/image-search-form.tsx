import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as messages from "~/messages";

const s = messages.search;

/** What the upload action answers on a refusal: the field's message (Conform's reply shape). */
export type ImageSearchReply = { error?: Record<string, string[] | null> | null } | undefined;

/** The shared form schema's verdict on a chosen file: its first message, or null when it passes. */
async function fileProblem(file: File): Promise<string | null> {
  // Loaded with the first file chosen: zod stays out of the home page's own JavaScript.
  const { imageSearchSchema } = await import("~/schemas/search/image-search");
  const checked = imageSearchSchema.safeParse({ image: file });
  return checked.success ? null : (checked.error.issues[0]?.message ?? s.imageInvalid);
}

/**
 * The home page's "Por Imagem" tab: a plain multipart form (it works without JavaScript); with
 * JavaScript the photo is checked with the form's zod schema and previewed when chosen, and a bar
 * shows while it is read.
 */
export function ImageSearchForm({
  action,
  buttonLabel,
  lastResult,
}: {
  action: string;
  buttonLabel: string;
  lastResult: ImageSearchReply;
}) {
  const navigation = useNavigation();
  const reading =
    navigation.state !== "idle" &&
    navigation.formMethod?.toLowerCase() === "post" &&
    navigation.formAction === action;
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // The server's answer shows (also without JavaScript) until another file is chosen.
  const [answered, setAnswered] = useState<ImageSearchReply>(undefined);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const serverError = lastResult !== answered ? (lastResult?.error?.image?.[0] ?? null) : null;
  const error = clientError ?? serverError;

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={(event) => {
        if (clientError) event.preventDefault();
      }}
    >
      <label
        htmlFor="home-image"
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
          id="home-image"
          name="image"
          type="file"
          // The formats the hint names (a phone converts a HEIC photo to JPEG for this list).
          accept={s.imageFormats.map((format) => format.type).join(",")}
          className="mt-3 text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "home-image-error" : undefined}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            setAnswered(lastResult);
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
            setClientError(file ? await fileProblem(file) : null);
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
        <p role="alert" id="home-image-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </Form>
  );
}
