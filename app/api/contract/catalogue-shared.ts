import { z } from "zod";
import * as messages from "~/messages";

/** What the catalogue's and the search's descriptions share: path ids and example envelopes. */

/** A numeric id in the path; one that is not a positive whole number names no record (404). */
export const pathIdSchema = z.int().positive();
export const idParams = z.object({ id: pathIdSchema });

/** Who may call the back-office operations. */
export const ADMIN = ["admin"] as const;

/** An answer's example envelope. */
export const sample = (data: unknown, message: string = messages.api.emptySuccess) => ({
  success: true,
  data,
  message,
});

/** What a deletion answers: the id of what went. */
export const deletedId = z.object({ id: z.int() });
