import { count, eq } from "drizzle-orm";
import { parts, searches, users, vehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { saoPauloDay } from "~/utils/format";

export type PublicOverview = {
  totalParts: number;
  totalVehicles: number;
  dailySearches: number;
  activeUsers: number;
};

/** The landing's live counters, straight from the database. */
export function publicOverview(now = new Date()): PublicOverview {
  const database = db();
  const totalParts = database.select({ n: count() }).from(parts).get()!.n;
  const totalVehicles = database.select({ n: count() }).from(vehicles).get()!.n;
  const dailySearches = database
    .select({ n: count() })
    .from(searches)
    .where(eq(searches.day, saoPauloDay(now)))
    .get()!.n;
  const activeUsers = database.select({ n: count() }).from(users).where(eq(users.status, "active")).get()!.n;
  return { totalParts, totalVehicles, dailySearches, activeUsers };
}
