/** The backups domain's public face: the request layer imports this, not the files. */
export * from "./backup-records.server";
export * from "./backup.server";
export * from "./restore.server";
export * from "./schedule.server";
export * from "./sealed-copy.server";
