import { z } from "zod";
import * as messages from "~/messages";

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const m = messages.search;

/** The types the photo search reads: the same list the hint and the refusal name. */
const IMAGE_TYPES: readonly string[] = m.imageFormats.map((format) => format.type);

/** The image tab's upload: a file, of a type the hint names, up to 10 MB. */
export const imageSearchSchema = z.object({
  image: z
    .instanceof(File, { error: m.imageRequired })
    .refine((file) => file.size > 0, { error: m.imageRequired })
    .refine((file) => IMAGE_TYPES.includes(file.type), { error: m.imageInvalid })
    .refine((file) => file.size <= IMAGE_MAX_BYTES, { error: m.imageTooLarge })
    // The /api contract's multipart field: zod cannot describe a File.
    .meta({ type: "string", format: "binary", contentMediaType: "image/*" }),
});
