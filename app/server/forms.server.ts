import { parse } from "@conform-to/react";
import { randomUUID } from "node:crypto";
import { basename } from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import * as messages from "~/messages";

/**
 * How every form action reads its body (ADR 0017). A browser's form post is urlencoded or
 * multipart; anything else (JSON, text/plain, no Content-Type) is refused with a 415, and a form
 * body that cannot be read (a multipart body cut short, a Conform `__intent__` that is not one)
 * with a 400, each as a thrown Response whose pt-BR text the route's error page shows. Nothing
 * has been read or changed then, so the action stops before its first write.
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const m = messages.formPost;

function mediaType(request: Request): string {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Conform throws on its reserved fields (`__intent__`, `__state__`) when they are not its own JSON. */
function conformCanRead(form: FormData): boolean {
  try {
    parse(form, { resolve: (payload) => ({ value: payload }) });
    return true;
  } catch {
    return false;
  }
}

/**
 * The posted form. `maxPartSize` reads a multipart body with Remix's memory upload handler,
 * capping each part: a bigger one throws `MaxPartSizeExceededError` for the action to answer
 * in its own words. With `uploadDirectory` too, files are streamed to that folder instead of
 * memory (each a `NodeOnDiskFile`), for uploads too big to hold.
 */
export async function readForm(
  request: Request,
  options: { maxPartSize?: number; uploadDirectory?: string } = {},
): Promise<FormData> {
  const type = mediaType(request);
  if (!FORM_TYPES.has(type)) throw new Response(m.unsupportedType, { status: 415 });
  let form: FormData;
  try {
    form =
      options.maxPartSize !== undefined && type === "multipart/form-data"
        ? await unstable_parseMultipartFormData(
            request,
            options.uploadDirectory
              ? unstable_composeUploadHandlers(
                  unstable_createFileUploadHandler({
                    directory: options.uploadDirectory,
                    maxPartSize: options.maxPartSize,
                    file: ({ filename }) =>
                      `${randomUUID()}${NAME_SEPARATOR}${safeFileName(filename)}`,
                  }),
                  // The form's text fields, which the file handler passes over.
                  unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 }),
                )
              : unstable_createMemoryUploadHandler({ maxPartSize: options.maxPartSize }),
          )
        : await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw error;
    throw new Response(m.unreadable, { status: 400 });
  }
  if (!conformCanRead(form)) throw new Response(m.unreadable, { status: 400 });
  return form;
}

/** A file part that `readForm` with `uploadDirectory` wrote to disk. */
export type UploadedFile = File & { getFilePath(): string };

export function isUploadedFile(value: FormDataEntryValue | null): value is UploadedFile {
  return typeof value === "object" && value !== null && "getFilePath" in value;
}

// On disk an upload is "<uuid>--<the sender's name, made safe>": unique, and still telling.
const NAME_SEPARATOR = "--";

function safeFileName(name: string): string {
  return (
    basename(name)
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}._ -]/gu, "_")
      .slice(-120) || "arquivo"
  );
}

/** The name the file had on the sender's machine (made safe), not the one it has on disk. */
export function uploadedFileName(file: UploadedFile): string {
  const onDisk = basename(file.getFilePath());
  const at = onDisk.indexOf(NAME_SEPARATOR);
  return at >= 0 ? onDisk.slice(at + NAME_SEPARATOR.length) : onDisk;
}
