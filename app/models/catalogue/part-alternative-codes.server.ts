import { and, eq } from "drizzle-orm";
import { partAlternativeCodes, parts } from "~db/schema";
import type { AlternativeCodeInput } from "~/schemas/catalogue/part";
import { db, immediateTransaction } from "~/utils/db.server";
import * as messages from "~/messages";
import { isUniqueViolation } from "./catalogue-rules.server";
import { refuse, type Outcome } from "../outcome";
import { normalizeCode } from "~/utils/codes";
import { alternativeCodesOf, partCodeOf, type AlternativeCodeRow } from "./part.server";
import { logPartChange } from "./part-write.server";

const m = messages.parts;

/** One alternative code at a time (the JSON API); the part form replaces them all in part-write. */

/** A part's alternative codes in the order they were added, or undefined when there is no such part. */
export function listAlternativeCodes(partId: number): AlternativeCodeRow[] | undefined {
  if (partCodeOf(partId) === undefined) return undefined;
  return alternativeCodesOf(partId);
}

export function addAlternativeCode(
  partId: number,
  input: AlternativeCodeInput,
  actorId: number,
): Outcome<AlternativeCodeRow> {
  try {
    return immediateTransaction(db(), () => {
      const code = partCodeOf(partId);
      if (code === undefined) return refuse("not_found", m.notFound);
      const norm = normalizeCode(input.code);
      const taken = db()
        .select({ id: partAlternativeCodes.id })
        .from(partAlternativeCodes)
        .where(
          and(
            eq(partAlternativeCodes.partId, partId),
            eq(partAlternativeCodes.alternativeCodeNorm, norm),
          ),
        )
        .get();
      if (taken) return refuse("duplicate", m.alternativeCodeDuplicate, "code");
      const row = db()
        .insert(partAlternativeCodes)
        .values({
          partId,
          alternativeCode: input.code,
          alternativeCodeNorm: norm,
          description: input.description,
        })
        .returning({
          id: partAlternativeCodes.id,
          code: partAlternativeCodes.alternativeCode,
          description: partAlternativeCodes.description,
        })
        .get();
      db().update(parts).set({ updatedAt: new Date() }).where(eq(parts.id, partId)).run();
      logPartChange(actorId, m.activityUpdated(code), partId);
      return { ok: true, value: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("duplicate", m.alternativeCodeDuplicate, "code");
    throw error;
  }
}

/** Removes the alternative code written in any form ("TRW-BR123", "trw br123"...). */
export function removeAlternativeCode(
  partId: number,
  code: string,
  actorId: number,
): Outcome<AlternativeCodeRow> {
  return immediateTransaction(db(), () => {
    const own = partCodeOf(partId);
    if (own === undefined) return refuse("not_found", m.notFound);
    const norm = normalizeCode(code);
    const removed = norm
      ? db()
          .delete(partAlternativeCodes)
          .where(
            and(
              eq(partAlternativeCodes.partId, partId),
              eq(partAlternativeCodes.alternativeCodeNorm, norm),
            ),
          )
          .returning({
            id: partAlternativeCodes.id,
            code: partAlternativeCodes.alternativeCode,
            description: partAlternativeCodes.description,
          })
          .get()
      : undefined;
    if (!removed) return refuse("not_found", m.alternativeCodeNotFound);
    db().update(parts).set({ updatedAt: new Date() }).where(eq(parts.id, partId)).run();
    logPartChange(actorId, m.activityUpdated(own), partId);
    return { ok: true, value: removed };
  });
}
