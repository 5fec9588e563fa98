import { z } from "zod";
import * as messages from "~/messages";

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const m = messages.search;

/** The image tab's upload: a file, of an image type, up to 10 MB. */
export const imageSearchSchema = z.object({
  image: z
    .instanceof(File, { error: m.imageRequired })
    .refine((file) => file.size > 0, { error: m.imageRequired })
    .refine((file) => file.type.startsWith("image/"), { error: m.imageInvalid })
    .refine((file) => file.size <= IMAGE_MAX_BYTES, { error: m.imageTooLarge })
    // The /api contract's multipart field: zod cannot describe a File.
    .meta({ type: "string", format: "binary", contentMediaType: "image/*" }),
});
