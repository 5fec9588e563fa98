import { env } from "~/utils/env.server";
import * as messages from "~/messages";
import { publicSeo } from "../seo/seo.server";

const m = messages.payments;

/** This machine as the browser and the embedded simulators reach it (`npm start`, development, tests). */
function localOrigin(): string {
  const { HOST, PORT } = env();
  const host = ["0.0.0.0", "::", ""].includes(HOST) ? "localhost" : HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${PORT}`;
}

/**
 * Where providers send the buyer back and their notifications (ADR 0028): APP_URL, else the SEO
 * settings' canonical URL; outside production, this machine. Never the request's Host, which
 * anyone may forge (PagHiper would post our apiKey to it). Null in production with neither: the
 * server refuses to start so (boot), and a payment cannot start.
 */
export function publicOrigin(): string | null {
  const configured = env().APP_URL ?? publicSeo().canonicalUrl;
  if (configured) return configured.replace(/\/+$/, "");
  const production = env().NODE_ENV === "production" && !env().ENCAIXA_LOCAL;
  return production ? null : localOrigin();
}

/** Why this server may not start (production without a public address), or null. */
export function publicOriginRefusal(): string | null {
  return publicOrigin() ? null : m.publicUrlRequired;
}
