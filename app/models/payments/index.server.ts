/** The payments domain's public face: the request layer imports this, not the files. */
export * from "./gateway-config.server";
export * from "./invoice.server";
export * from "./payment-gateway.server";
export * from "./payment.server";
export * from "./plan.server";
export * from "./receipt.server";
