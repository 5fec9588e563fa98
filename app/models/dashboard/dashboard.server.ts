import { and, desc, eq, lte } from "drizzle-orm";
import { activity, searches, users } from "~db/schema";
import { db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";
import { shiftDay } from "~/utils/format";
import * as messages from "~/messages";
import { recentActivity } from "../activity/activity.server";

export type TopSearch = {
  partId: number;
  partCode: string;
  partName: string;
  category: string | null;
  /** The text people typed most often to find the part in the window (latest wins a tie). */
  query: string;
  searches: number;
};

/**
 * The parts searched most in the last `days` São Paulo calendar days (today included), most
 * searched first; ties go to the part searched most recently. Only searches that found a part
 * count, every logged search counts once (repeats included: they measure interest, not credits).
 */
export function topSearches(
  { days, limit }: { days: number; limit: number },
  now: Date = new Date(),
): TopSearch[] {
  const today = creditDay(now);
  const from = shiftDay(today, -(Math.max(1, days) - 1));
  return db()
    .$client.prepare<[string, string, number], TopSearch>(
      `with windowed as (
         select id, part_id, query from searches
         where part_id is not null and day >= ? and day <= ?
       ),
       per_part as (
         select part_id, count(*) as n, max(id) as last_id from windowed
         group by part_id order by n desc, last_id desc limit ?
       ),
       per_query as (
         select w.part_id, w.query, count(*) as qn, max(w.id) as q_last
         from windowed w join per_part pp on pp.part_id = w.part_id
         group by w.part_id, w.query
       )
       select pp.part_id as partId, p.code as partCode, p.name as partName, c.name as category,
         (select q.query from per_query q where q.part_id = pp.part_id order by q.qn desc, q.q_last desc limit 1) as query,
         pp.n as searches
       from per_part pp
       join parts p on p.id = pp.part_id
       left join categories c on c.id = p.category_id
       order by pp.n desc, pp.last_id desc`,
    )
    .all(from, today, Math.max(1, limit));
}

export type FeedItem = {
  type: string;
  time: Date;
  user: string;
  action: string;
};

/**
 * The "Atividade Recente" feed: the activity log (sign-ups, admin actions, payments) merged with
 * searches, newest first. `scope.userId` narrows it to one person's own items: a customer must not
 * read other customers' names or what they searched. Nothing after `now` is shown.
 */
export function recentActivityFeed(
  limit: number,
  now: Date = new Date(),
  scope: { userId?: number } = {},
): FeedItem[] {
  const size = Math.min(Math.max(Math.floor(limit) || 1, 1), 100);
  const m = messages.apiSearch;

  const logged =
    scope.userId === undefined
      ? recentActivity(size)
      : db()
          .select({
            type: activity.type,
            action: activity.action,
            createdAt: activity.createdAt,
            userName: users.name,
          })
          .from(activity)
          .leftJoin(users, eq(users.id, activity.actorId))
          .where(and(eq(activity.actorId, scope.userId), lte(activity.createdAt, now)))
          .orderBy(desc(activity.createdAt), desc(activity.id))
          .limit(size)
          .all();

  const searched = db()
    .select({ query: searches.query, createdAt: searches.createdAt, userName: users.name })
    .from(searches)
    .leftJoin(users, eq(users.id, searches.userId))
    .where(
      scope.userId === undefined
        ? lte(searches.createdAt, now)
        : and(eq(searches.userId, scope.userId), lte(searches.createdAt, now)),
    )
    .orderBy(desc(searches.createdAt), desc(searches.id))
    .limit(size)
    .all();

  const items: FeedItem[] = [
    ...logged
      .filter((row) => row.createdAt.getTime() <= now.getTime())
      .map((row) => ({
        type: row.type,
        time: row.createdAt,
        user: row.userName ?? m.systemUser,
        action: row.action,
      })),
    ...searched.map((row) => ({
      type: "search",
      time: row.createdAt,
      user: row.userName ?? m.removedUser,
      action: m.searchedFor(row.query),
    })),
  ];
  // A stable sort keeps each source's own order (id desc) among equal times.
  return items.sort((a, b) => b.time.getTime() - a.time.getTime()).slice(0, size);
}
