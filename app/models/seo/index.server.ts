/** The seo domain's public face: the request layer imports this, not the files. */
export * from "./seo.server";
export * from "./structured-data.server";
export * from "./page-head.server";
