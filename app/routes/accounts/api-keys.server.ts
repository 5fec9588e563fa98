import type { AuthContext } from "~/server/auth.server";
import { apiRefuse } from "~/server/refusal.server";
import * as messages from "~/messages";

/**
 * Keys are managed with a session only (ADR 0049): a leaked key must not mint keys that outlive
 * its revocation, nor revoke its owner's other keys. A request a key signs is a 403.
 */
export function requireSessionForKeys(auth: AuthContext): Exclude<AuthContext, { via: "key" }> {
  if (auth.via === "key") throw apiRefuse("forbidden", messages.apiKeys.sessionRequired);
  return auth;
}
