import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature, webhookManifest } from "./signature";

const NOW = 1_760_000_000;
const secret = fc.string({ minLength: 1, maxLength: 64 });
const id = fc.string({ minLength: 1, maxLength: 40 });
const requestId = fc.uuid();
/** Timestamps inside the default 5-minute window around NOW. */
const freshTs = fc.integer({ min: NOW - 300, max: NOW + 300 });

function v1Of(header: string): string {
  return /v1=([0-9a-f]+)/.exec(header)![1]!;
}

describe("webhookManifest", () => {
  it("writes the pairs in MP's order, each ended by a semicolon", () => {
    expect(webhookManifest({ dataId: "123456", requestId: "abc-def", ts: "1704908010" })).toBe(
      "id:123456;request-id:abc-def;ts:1704908010;",
    );
  });

  it("drops a pair whose value is missing", () => {
    expect(webhookManifest({ dataId: null, requestId: "r-1", ts: "10" })).toBe(
      "request-id:r-1;ts:10;",
    );
    expect(webhookManifest({ dataId: "9", requestId: undefined, ts: "10" })).toBe("id:9;ts:10;");
    expect(webhookManifest({ dataId: "", requestId: "", ts: "10" })).toBe("ts:10;");
  });

  it("lower-cases an alphanumeric data.id, and only that", () => {
    expect(webhookManifest({ dataId: "ABC123", ts: "1" })).toBe("id:abc123;ts:1;");
    expect(webhookManifest({ dataId: "AB-C", ts: "1" })).toBe("id:AB-C;ts:1;");
  });
});

describe("signWebhook", () => {
  it("is HMAC-SHA256 of the manifest as lower-case hex, in the x-signature format", () => {
    const header = signWebhook({ secret: "s3cr3t", dataId: "123", requestId: "r", ts: 42 });
    const expected = createHmac("sha256", "s3cr3t").update("id:123;request-id:r;ts:42;");
    expect(header).toBe(`ts=42,v1=${expected.digest("hex")}`);
  });
});

describe("verifyWebhookSignature", () => {
  it("accepts whatever was signed with the same secret, ids and a fresh ts", () => {
    fc.assert(
      fc.property(secret, id, requestId, freshTs, (key, dataId, reqId, ts) => {
        const signatureHeader = signWebhook({ secret: key, dataId, requestId: reqId, ts });
        expect(
          verifyWebhookSignature({
            secret: key,
            signatureHeader,
            requestId: reqId,
            dataId,
            nowSeconds: NOW,
          }),
        ).toEqual({ ok: true });
      }),
    );
  });

  it("accepts the parts in any order and with spaces around them", () => {
    const signed = signWebhook({ secret: "k", dataId: "77", requestId: "r", ts: NOW });
    const v1 = v1Of(signed);
    for (const signatureHeader of [` v1=${v1} , ts=${NOW} `, `ts = ${NOW},  v1 = ${v1}`]) {
      expect(
        verifyWebhookSignature({
          secret: "k",
          signatureHeader,
          requestId: "r",
          dataId: "77",
          nowSeconds: NOW,
        }),
      ).toEqual({ ok: true });
    }
  });

  it("matches an upper-case alphanumeric data.id from the query against its lower-case signature", () => {
    const signatureHeader = signWebhook({ secret: "k", dataId: "abc9", requestId: "r", ts: NOW });
    expect(
      verifyWebhookSignature({
        secret: "k",
        signatureHeader,
        requestId: "r",
        dataId: "ABC9",
        nowSeconds: NOW,
      }),
    ).toEqual({ ok: true });
  });

  it("reports a mismatch when the id, request id, ts, secret or one hex digit changes", () => {
    const change = fc.constantFrom("dataId", "requestId", "ts", "secret", "hex");
    fc.assert(
      fc.property(
        secret,
        id,
        requestId,
        freshTs,
        change,
        fc.nat(63),
        fc.integer({ min: 1, max: 15 }),
        (key, dataId, reqId, ts, what, position, shift) => {
          const signed = signWebhook({ secret: key, dataId, requestId: reqId, ts });
          const v1 = v1Of(signed);
          const input = {
            secret: key,
            signatureHeader: signed,
            requestId: reqId,
            dataId,
            nowSeconds: NOW,
          };
          if (what === "dataId") input.dataId = `${dataId}x`;
          if (what === "requestId") input.requestId = `${reqId}0`;
          if (what === "secret") input.secret = `${key}!`;
          if (what === "ts") input.signatureHeader = `ts=${ts + 1},v1=${v1}`;
          if (what === "hex") {
            const digit = ((parseInt(v1[position]!, 16) + shift) % 16).toString(16);
            const tampered = v1.slice(0, position) + digit + v1.slice(position + 1);
            input.signatureHeader = `ts=${ts},v1=${tampered}`;
          }
          expect(verifyWebhookSignature(input)).toEqual({ ok: false, reason: "mismatch" });
        },
      ),
    );
  });

  it("calls a genuine signature outside the tolerance stale", () => {
    fc.assert(
      fc.property(
        id,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3_600 }),
        (dataId, distance, past, tolerance) => {
          const ts = NOW + (past ? -1 : 1) * (tolerance + distance);
          const signatureHeader = signWebhook({ secret: "k", dataId, requestId: "r", ts });
          const base = { secret: "k", signatureHeader, requestId: "r", dataId, nowSeconds: NOW };
          expect(verifyWebhookSignature({ ...base, toleranceSeconds: tolerance })).toEqual({
            ok: false,
            reason: "stale",
          });
          expect(
            verifyWebhookSignature({ ...base, toleranceSeconds: tolerance + distance }),
          ).toEqual({ ok: true });
        },
      ),
    );
  });

  it("defaults to a 5-minute window", () => {
    const check = (ts: number) =>
      verifyWebhookSignature({
        secret: "k",
        signatureHeader: signWebhook({ secret: "k", dataId: "1", requestId: "r", ts }),
        requestId: "r",
        dataId: "1",
        nowSeconds: NOW,
      });
    expect(check(NOW - 300)).toEqual({ ok: true });
    expect(check(NOW - 301)).toEqual({ ok: false, reason: "stale" });
    expect(check(NOW + 301)).toEqual({ ok: false, reason: "stale" });
  });

  it("reads a ts in milliseconds for the replay window, keeping it as sent in the manifest", () => {
    const ts = NOW * 1000;
    const manifest = webhookManifest({ dataId: "1", requestId: "r", ts: String(ts) });
    const v1 = createHmac("sha256", "k").update(manifest).digest("hex");
    expect(
      verifyWebhookSignature({
        secret: "k",
        signatureHeader: `ts=${ts},v1=${v1}`,
        requestId: "r",
        dataId: "1",
        nowSeconds: NOW + 10,
      }),
    ).toEqual({ ok: true });
  });

  it("says missing for no header and malformed for garbage, and never throws", () => {
    const base = { secret: "k", requestId: "r", dataId: "1", nowSeconds: NOW };
    expect(verifyWebhookSignature({ ...base, signatureHeader: null })).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(verifyWebhookSignature({ ...base, signatureHeader: "  " })).toEqual({
      ok: false,
      reason: "missing",
    });
    const v1 = "a".repeat(64);
    for (const signatureHeader of [
      "garbage",
      `ts=${NOW}`,
      `v1=${v1}`,
      `ts=abc,v1=${v1}`,
      `ts=${NOW},v1=${v1.slice(1)}`,
      `ts=${NOW},v1=${"g".repeat(64)}`,
      `ts=${NOW},ts=${NOW},v1=${v1}`,
      `ts=${NOW};v1=${v1}`,
      `ts=-5,v1=${v1}`,
    ]) {
      expect(verifyWebhookSignature({ ...base, signatureHeader }), signatureHeader).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), fc.option(fc.string()), (h, r, d) => {
        const result = verifyWebhookSignature({
          secret: "k",
          signatureHeader: h,
          requestId: r,
          dataId: d,
          nowSeconds: NOW,
        });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(["missing", "malformed"]).toContain(result.reason);
      }),
    );
  });
});
