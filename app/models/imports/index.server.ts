/** The imports domain's public face: the request layer imports this, not the files. */
export * from "./catalogue/api-source.server";
export * from "./catalogue/control.server";
export * from "./catalogue/csv-source.server";
export * from "./catalogue/engine.server";
export * from "./catalogue/items";
export * from "./catalogue/options.server";
export * from "./catalogue/suggestions";
export * from "./catalogue/writer-state.server";
export * from "./catalogue/writer.server";
export * from "./csv/export.server";
export * from "./csv/format";
export * from "./csv/parse.server";
export * from "./fipe/brands.server";
export * from "./fipe/claim.server";
export * from "./fipe/import.server";
export * from "./fipe/names.server";
export * from "./fipe/progress.server";
