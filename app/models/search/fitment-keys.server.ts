import { db, immediateTransaction } from "~/utils/db.server";

/**
 * Keeps parts.fitment_keys (the brands, models and model years a part fits, as the descriptions
 * index narrows by them — ADR 0032) in step with fitments and vehicles. Triggers only mark the
 * parts a change touches (search_dirty_parts, migration 0010); the keys are recomputed here in
 * bulk, one re-index per part however many of its fitments changed: an import batch of 1,000
 * fitments re-indexes its parts once, not 1,000 times.
 */

/** A search refreshes at most this many marked parts before it reads (an admin's edit: a few). */
export const SEARCH_REFRESH_LIMIT = 500;

/** One part's keys from the view of its tokens; bound by id, so SQLite reads only its fitments. */
const REFRESH = `update parts set fitment_keys = coalesce(
    (select group_concat(token, ' ') from part_fitment_tokens where part_id = @id), '')
  where id = @id`;

/**
 * Recomputes the keys of up to `limit` marked parts and unmarks them; answers how many. Inside
 * the caller's transaction when there is one (an import batch), else in its own.
 */
export function refreshFitmentKeys(limit = Number.MAX_SAFE_INTEGER): number {
  const database = db();
  const client = database.$client;
  const run = () => {
    const ids = client
      .prepare("select part_id from search_dirty_parts limit ?")
      .pluck()
      .all(Math.min(limit, Number.MAX_SAFE_INTEGER)) as number[];
    if (ids.length === 0) return 0;
    const refresh = client.prepare(REFRESH);
    const unmark = client.prepare("delete from search_dirty_parts where part_id = ?");
    for (const id of ids) {
      refresh.run({ id });
      unmark.run(id);
    }
    return ids.length;
  };
  if (client.inTransaction) return run();
  if (!client.prepare("select 1 from search_dirty_parts limit 1").get()) return 0;
  return immediateTransaction(database, run);
}
