/**
 * The search page's own URL parameters, apart from its zod schema: the page's browser code needs
 * them, and importing them from the schema module would ship zod with every results page.
 */

/** The URL parameter that holds the vehicles page of one result card: v<partId>=<page>. */
export const vehiclePageParam = (partId: number) => `v${partId}`;

/** The URL parameter, repeated, that carries the codes read on a photo to the results page. */
export const READ_CODES_PARAM = "lido";
