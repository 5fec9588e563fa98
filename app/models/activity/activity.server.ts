import { desc, eq } from "drizzle-orm";
import { activity, users } from "~db/schema";
import { db } from "~/utils/db.server";

export type ActivityInput = {
  actorId?: number | null;
  type: string;
  action: string;
  entity?: string;
  entityId?: string | number;
};

export function logActivity(input: ActivityInput) {
  db()
    .insert(activity)
    .values({
      actorId: input.actorId ?? null,
      type: input.type,
      action: input.action,
      entity: input.entity ?? null,
      entityId: input.entityId === undefined ? null : String(input.entityId),
    })
    .run();
}

export function recentActivity(limit = 20) {
  return db()
    .select({
      id: activity.id,
      type: activity.type,
      action: activity.action,
      entity: activity.entity,
      entityId: activity.entityId,
      createdAt: activity.createdAt,
      userName: users.name,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(Math.min(Math.max(limit, 1), 100))
    .all();
}
