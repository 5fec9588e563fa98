/** The catalogue domain's public face: the request layer imports this, not the files. */
export * from "./brand.server";
export * from "./catalogue-rules.server";
export * from "./category.server";
export * from "./data-quality.server";
export * from "./fitment.server";
export * from "./part-alternative-codes.server";
export * from "./part-compare.server";
export * from "./part-list.server";
export * from "./part-vehicle-links.server";
export * from "./part-write.server";
export * from "./part.server";
export * from "./vehicle-parts.server";
export * from "./vehicle-picker.server";
export * from "./vehicle-write.server";
export * from "./vehicle.server";
