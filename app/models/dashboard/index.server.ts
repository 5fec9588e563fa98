/** The dashboard domain's public face: the request layer imports this, not the files. */
export * from "./dashboard-metrics.server";
export * from "./dashboard.server";
export * from "./overview.server";
export * from "./request-stats.server";
