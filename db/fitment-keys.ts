/**
 * Recomputes parts.fitment_keys for every part a fitment or vehicle change marked (migration
 * 0010, ADR 0032) in one pass over the fitments, and clears the marks. For bulk writers: the seed
 * and the bench catalogue generator. The app refreshes a few parts at a time instead
 * (app/models/search/fitment-keys.server.ts).
 */
export const REFRESH_ALL_FITMENT_KEYS = `
UPDATE parts SET fitment_keys = coalesce(k.keys, '')
FROM (
  SELECT d.part_id AS part_id, group_concat(t.token, ' ') AS keys
  FROM search_dirty_parts d LEFT JOIN part_fitment_tokens t ON t.part_id = d.part_id
  GROUP BY d.part_id
) AS k
WHERE k.part_id = parts.id;
DELETE FROM search_dirty_parts;
`;
