import { parse } from "@conform-to/react";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { basename, join } from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import * as messages from "~/messages";
import { FORM_FIELDS_MAX, TEXT_FIELD_MAX_BYTES, textFieldProblem } from "~/schemas/fields";
import { formatBytes } from "~/utils/format";
import { mediaType } from "./csrf.server";
import { edgeRefusal, refusalResponse, type Reason } from "./refusal.server";

/**
 * How every form action reads its body (ADR 0017). A browser's form post is urlencoded or
 * multipart; anything else (JSON, text/plain, no Content-Type) is refused with a 415, and a form
 * body that cannot be read (a multipart body cut short, a Conform `__intent__` that is not one)
 * with a 400, each as a thrown Response whose pt-BR text the route's error page shows. Nothing
 * has been read or changed then, so the action stops before its first write.
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const m = messages.formPost;

/** Conform throws on its reserved fields (`__intent__`, `__state__`) when they are not its own JSON. */
function conformCanRead(form: FormData): boolean {
  try {
    parse(form, { resolve: (payload) => ({ value: payload }) });
    return true;
  } catch {
    return false;
  }
}

/** The plain-text refusal the route's error page shows, its status from the one mapping. */
const refused = (reason: Reason, message: string) => refusalResponse(edgeRefusal(reason, message));

function tooLong(): Response {
  return refused("too_large", m.fieldTooLong(formatBytes(TEXT_FIELD_MAX_BYTES)));
}

/** Reads a part to its end and keeps nothing of it: a file nobody asked for. */
async function discard(data: AsyncIterable<Uint8Array>): Promise<undefined> {
  for await (const chunk of data) void chunk;
  return undefined;
}

/**
 * A multipart body, part by part, holding at most: the one file the route asked for (`file`, in
 * memory or streamed to `directory`), each text field up to TEXT_FIELD_MAX_BYTES, and
 * FORM_FIELDS_MAX fields. Any other file part is read past and never written; a failure removes
 * the file written so far.
 */
async function readMultipart(
  request: Request,
  file: { field?: string; maxBytes: number; directory?: string } | null,
): Promise<FormData> {
  const written: string[] = [];
  let fileTaken = false;
  let fields = 0;
  const keepFile = file?.directory
    ? unstable_createFileUploadHandler({
        directory: file.directory,
        maxPartSize: file.maxBytes,
        file: ({ filename }) => {
          const name = `${randomUUID()}${NAME_SEPARATOR}${safeFileName(filename)}`;
          written.push(join(file.directory!, name));
          return name;
        },
      })
    : unstable_createMemoryUploadHandler({ maxPartSize: file?.maxBytes ?? 0 });
  const keepText = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_FIELD_MAX_BYTES });
  try {
    return await unstable_parseMultipartFormData(request, async (part) => {
      if (++fields > FORM_FIELDS_MAX) throw refused("too_large", m.tooManyFields);
      if (part.filename === undefined) {
        try {
          return await keepText(part);
        } catch (error) {
          if (error instanceof MaxPartSizeExceededError) throw tooLong();
          throw error;
        }
      }
      const wanted =
        file !== null && !fileTaken && (file.field === undefined || part.name === file.field);
      if (!wanted) return discard(part.data);
      fileTaken = true;
      return keepFile(part);
    });
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    throw error;
  }
}

/** The longest field name a form of ours uses is ~40 characters (`alternativeCodes[12].description`). */
const FIELD_NAME_MAX = 200;

/**
 * The list slots a form's names make Conform build: `codes[7]` makes a list of 8, whatever was
 * sent for 0 to 6. One name `a[99999999]` in a 50-byte post would otherwise have Conform and zod
 * walk a list of a hundred million (the web process died of it). Counted per list, as its largest
 * index plus one, summed over the form.
 */
class ListSlots {
  private largest = new Map<string, number>();
  private total = 0;
  /** Adds a name's lists; false once the form's lists hold more than FORM_FIELDS_MAX slots. */
  add(name: string): boolean {
    for (const match of name.matchAll(/\[(\d*)\]/g)) {
      const index = match[1] === "" ? 0 : Number(match[1]);
      if (!Number.isSafeInteger(index) || index >= FORM_FIELDS_MAX) return false;
      const list = name.slice(0, match.index);
      const before = this.largest.get(list) ?? -1;
      if (index > before) {
        this.total += index - before;
        this.largest.set(list, index);
      }
      if (this.total > FORM_FIELDS_MAX) return false;
    }
    return true;
  }
}

/**
 * The first field that no form of ours sends, as a refusal: too many fields or list slots, a name
 * too long, a value too long (413) or with control characters (400).
 */
function unsafeField(form: Iterable<[string, FormDataEntryValue]>): Response | null {
  let count = 0;
  const slots = new ListSlots();
  for (const [name, value] of form) {
    if (++count > FORM_FIELDS_MAX || !slots.add(name))
      return refused("too_large", m.tooManyFields);
    if (name.length > FIELD_NAME_MAX) return refused("invalid_input", m.unreadable);
    if (typeof value !== "string") continue;
    const problem = textFieldProblem(value);
    if (problem === "too_long") return tooLong();
    if (problem) return refused("invalid_input", m.controlCharacters);
  }
  return null;
}

/**
 * The posted form. With `maxPartSize`, a multipart body may carry one file of at most that size
 * (the part named `fileField`, or the first file), kept in memory or, with `uploadDirectory`,
 * streamed to that folder (a `NodeOnDiskFile`); a bigger one throws `MaxPartSizeExceededError`
 * for the action to answer in its own words. Every text field is bounded (413) and refused with
 * control characters (400) before any schema sees it; the whole body was bounded by the HTTP
 * edge (ADR 0031).
 */
export async function readForm(
  request: Request,
  options: { maxPartSize?: number; uploadDirectory?: string; fileField?: string } = {},
): Promise<FormData> {
  const type = mediaType(request.headers.get("content-type"));
  if (!FORM_TYPES.has(type)) throw refused("unsupported_media_type", m.unsupportedType);
  let form: FormData;
  try {
    form =
      type === "multipart/form-data"
        ? await readMultipart(
            request,
            // A form with no file to take keeps none: a file part is read past.
            options.maxPartSize === undefined
              ? null
              : {
                  field: options.fileField,
                  maxBytes: options.maxPartSize,
                  directory: options.uploadDirectory,
                },
          )
        : await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || error instanceof Response) throw error;
    throw refused("invalid_input", m.unreadable);
  }
  const refusal =
    unsafeField(form) ??
    (conformCanRead(form) ? null : refused("invalid_input", m.unreadable));
  if (refusal) {
    const files = [...form.values()].filter(isUploadedFile);
    await Promise.all(files.map((file) => rm(file.getFilePath(), { force: true })));
    throw refusal;
  }
  return form;
}

/**
 * A page's query string, checked like a form's fields before Conform reads it: a GET with
 * `a[99999999]=1` would have Conform build a list of a hundred million. A refusal is thrown as a
 * Response, like readForm's.
 */
export function readQuery(request: Request): URLSearchParams {
  const params = new URL(request.url).searchParams;
  const refusal = unsafeField(params);
  if (refusal) throw refusal;
  return params;
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
      .slice(-120) || m.unnamedFile
  );
}

/** The name the file had on the sender's machine (made safe), not the one it has on disk. */
export function uploadedFileName(file: UploadedFile): string {
  const onDisk = basename(file.getFilePath());
  const at = onDisk.indexOf(NAME_SEPARATOR);
  return at >= 0 ? onDisk.slice(at + NAME_SEPARATOR.length) : onDisk;
}
