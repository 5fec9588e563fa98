/** Database backups: the online backup, retention, the list of backups made. */

export type BackupRecord = { id: number; path: string; sizeBytes: number; createdAt: Date };

/** The newest backup made, or null when none was. */
export function lastBackup(): BackupRecord | null {
  return null;
}
