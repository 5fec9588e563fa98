/** The backups domain's public face: the request layer imports this, not the files. */
export * from "./backup.server";
