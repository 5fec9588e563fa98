import { count, eq, sql } from "drizzle-orm";
import { parts, searches, users, vehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";

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
    .where(eq(searches.day, creditDay(now)))
    .get()!.n;
  const activeUsers = database
    .select({ n: count() })
    .from(users)
    .where(eq(users.status, "active"))
    .get()!.n;
  return { totalParts, totalVehicles, dailySearches, activeUsers };
}

export type AdminHomeStats = {
  parts: number;
  vehicles: number;
  searchesToday: number;
  uniqueUsersToday: number;
};

/** The four cards admins see on /home. */
export function adminHomeStats(now = new Date()): AdminHomeStats {
  const database = db();
  const day = creditDay(now);
  const today = database
    .select({ searches: count(), users: sql<number>`count(distinct ${searches.userId})` })
    .from(searches)
    .where(eq(searches.day, day))
    .get()!;
  return {
    parts: database.select({ n: count() }).from(parts).get()!.n,
    vehicles: database.select({ n: count() }).from(vehicles).get()!.n,
    searchesToday: today.searches,
    uniqueUsersToday: today.users,
  };
}
