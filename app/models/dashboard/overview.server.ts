import { count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { partAlternativeCodes, parts, searches, users, vehicles } from "~db/schema";
import { db } from "~/utils/db.server";
import { creditDay } from "~/utils/credit-day";

/** How many rows of `table` `where` keeps (all of them without it). */
export function countRows(table: SQLiteTable, where?: SQL): number {
  return db().select({ n: count() }).from(table).where(where).get()!.n;
}

/** The catalogue's size, as the landing shows it. */
export type CatalogueSize = {
  totalParts: number;
  totalVehicles: number;
  /** Other makers' and original codes that lead to a part. */
  totalAlternativeCodes: number;
};

export function catalogueSize(): CatalogueSize {
  return {
    totalParts: countRows(parts),
    totalVehicles: countRows(vehicles),
    totalAlternativeCodes: countRows(partAlternativeCodes),
  };
}

export type PublicOverview = CatalogueSize & {
  dailySearches: number;
  activeUsers: number;
};

/** GET /api/public/overview's counters, straight from the database. */
export function publicOverview(now = new Date()): PublicOverview {
  return {
    ...catalogueSize(),
    dailySearches: countRows(searches, eq(searches.day, creditDay(now))),
    activeUsers: countRows(users, eq(users.status, "active")),
  };
}

export type AdminHomeStats = {
  parts: number;
  vehicles: number;
  searchesToday: number;
  uniqueUsersToday: number;
};

/** The four cards admins see on /home. */
export function adminHomeStats(now = new Date()): AdminHomeStats {
  const day = creditDay(now);
  const today = db()
    .select({ searches: count(), users: sql<number>`count(distinct ${searches.userId})` })
    .from(searches)
    .where(eq(searches.day, day))
    .get()!;
  return {
    parts: countRows(parts),
    vehicles: countRows(vehicles),
    searchesToday: today.searches,
    uniqueUsersToday: today.users,
  };
}
