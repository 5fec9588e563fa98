/** The mail domain's public face: the request layer and the jobs import this, not the files. */
export * from "./outbox.server";
export * from "./layout.server";
export * from "./deliver.server";
export * from "./catcher.server";
