/**
 * The accounts domain's public face: the request layer imports this, not the files.
 * (subscription-steps.server — the steps a plan change is made of — is subscription.server's own plumbing.)
 */
export * from "./account.server";
export * from "./api-keys.server";
export * from "./credits.server";
export * from "./customer-admin.server";
export * from "./customer.server";
export * from "./idempotency.server";
export * from "./login-throttle.server";
export * from "./password-reset.server";
export * from "./plan-change.server";
export * from "./preferences.server";
export * from "./request-rate.server";
export * from "./session.server";
export * from "./signup-throttle.server";
export * from "./subscription.server";
export * from "./user.server";
