/** Database backups (the dashboard's Sistema tab, the backup job, npm run db:restore). */

export const backups = {
  backupNow: "Fazer backup agora",
} as const;
