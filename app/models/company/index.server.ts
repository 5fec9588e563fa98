/** The company domain's public face: the request layer imports this, not the files. */
export * from "./company.server";
