/** The search domain's public face: the request layer imports this, not the files. */
export * from "./code-lookup.server";
export * from "./codes.server";
export * from "./description.server";
export * from "./description.types";
export * from "./fitment-keys.server";
export * from "./matching.server";
export * from "./metering.server";
export * from "./read-codes.server";
export * from "./synonyms.server";
export * from "./teaser.server";
export * from "./understand.server";
export * from "./vehicle-words.server";
export * from "./vehicle.server";
export * from "./vocabulary.server";
export * from "./words";
