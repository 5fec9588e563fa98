import { eq } from "drizzle-orm";
import { userPreferences } from "~db/schema";
import { db } from "~/utils/db.server";

export type Preferences = {
  emailNotifications: boolean;
  searchReminders: boolean;
  subscriptionAlerts: boolean;
};

const DEFAULTS: Preferences = {
  emailNotifications: true,
  searchReminders: true,
  subscriptionAlerts: true,
};

export function getPreferences(userId: number): Preferences {
  const row = db().select().from(userPreferences).where(eq(userPreferences.userId, userId)).get();
  return row
    ? {
        emailNotifications: row.emailNotifications,
        searchReminders: row.searchReminders,
        subscriptionAlerts: row.subscriptionAlerts,
      }
    : DEFAULTS;
}

export function savePreferences(userId: number, preferences: Preferences) {
  db()
    .insert(userPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: preferences })
    .run();
}
