/**
 * The payments domain's public face: the request layer imports this, not the files.
 * (providers.server — the providers' clients and what they say — is the domain's own plumbing.)
 */
export * from "./bank-transfer.server";
export * from "./bank-transfer-invoice.server";
export * from "./checkout.server";
export * from "./connection-tests.server";
export * from "./gateway-config.server";
export * from "./gateway-status.server";
export * from "./invoice-actions.server";
export * from "./invoice-to-pay.server";
export * from "./invoice.server";
export * from "./payment.server";
export * from "./pix.server";
export * from "./plan.server";
export * from "./poller.server";
export * from "./public-origin.server";
export * from "./receipt.server";
export * from "./sync.server";
export * from "./webhooks.server";
