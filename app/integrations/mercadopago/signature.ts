import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Mercado Pago's webhook signature: `x-signature: ts=<unix seconds>,v1=<hex>`, where v1 is
 * HMAC-SHA256(webhook secret, manifest) over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 * Pure functions, so the simulator signs exactly what the app verifies.
 */

export type SignatureCheck =
  { ok: true } | { ok: false; reason: "missing" | "malformed" | "mismatch" | "stale" };

const DEFAULT_TOLERANCE_SECONDS = 300;
const HEX_DIGEST = /^[0-9a-f]{64}$/i;
const DIGITS = /^\d{1,16}$/;
/** A ts this long is in milliseconds (the docs once said so; the SDK and examples use seconds). */
const MILLISECONDS_DIGITS = 13;

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== "";
}

export function webhookManifest(input: {
  dataId?: string | null;
  requestId?: string | null;
  ts: string;
}): string {
  let manifest = "";
  if (present(input.dataId)) {
    // The docs: an alphanumeric data.id is signed in lower case.
    const dataId = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
    manifest += `id:${dataId};`;
  }
  if (present(input.requestId)) manifest += `request-id:${input.requestId};`;
  if (present(input.ts)) manifest += `ts:${input.ts};`;
  return manifest;
}

function digest(secret: string, manifest: string): string {
  return createHmac("sha256", secret).update(manifest).digest("hex");
}

export function signWebhook(input: {
  secret: string;
  dataId: string;
  requestId: string;
  ts: number;
}): string {
  const ts = String(Math.trunc(input.ts));
  const manifest = webhookManifest({ dataId: input.dataId, requestId: input.requestId, ts });
  return `ts=${ts},v1=${digest(input.secret, manifest)}`;
}

/** `ts` and `v1` from the header, parts in any order; null when anything else is off. */
function parseSignatureHeader(header: string): { ts: string; v1: string } | null {
  const values = new Map<string, string>();
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator < 0) return null;
    const key = part.slice(0, separator).trim().toLowerCase();
    const value = part.slice(separator + 1).trim();
    if (values.has(key)) return null;
    values.set(key, value);
  }
  const ts = values.get("ts");
  const v1 = values.get("v1");
  if (ts === undefined || v1 === undefined || !DIGITS.test(ts) || !HEX_DIGEST.test(v1)) return null;
  return { ts, v1 };
}

export function verifyWebhookSignature(input: {
  secret: string;
  signatureHeader: string | null;
  requestId: string | null;
  dataId: string | null;
  nowSeconds: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  if (input.signatureHeader === null || input.signatureHeader.trim() === "") {
    return { ok: false, reason: "missing" };
  }
  const parsed = parseSignatureHeader(input.signatureHeader);
  if (!parsed) return { ok: false, reason: "malformed" };

  const manifest = webhookManifest({
    dataId: input.dataId,
    requestId: input.requestId,
    ts: parsed.ts,
  });
  const expected = Buffer.from(digest(input.secret, manifest), "hex");
  const received = Buffer.from(parsed.v1, "hex");
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    return { ok: false, reason: "mismatch" };
  }

  // Checked after the HMAC, so "stale" only ever describes a genuine but old (replayed) delivery.
  const tsNumber = Number(parsed.ts);
  const tsSeconds = parsed.ts.length >= MILLISECONDS_DIGITS ? tsNumber / 1000 : tsNumber;
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(input.nowSeconds - tsSeconds) > tolerance) return { ok: false, reason: "stale" };
  return { ok: true };
}
