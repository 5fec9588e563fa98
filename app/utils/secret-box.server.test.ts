import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box.server";

const key = randomBytes(32).toString("hex");

describe("secret box (AES-256-GCM)", () => {
  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (secret) => {
        const sealed = sealSecret(secret, key, "paghiper");
        expect(openSecret(sealed, key, "paghiper")).toBe(secret);
        if (secret.length >= 4) expect(sealed).not.toContain(secret);
      }),
    );
  });

  it("seals the same secret differently each time (random IV)", () => {
    expect(sealSecret("APP_USR-123", key, "mp")).not.toBe(sealSecret("APP_USR-123", key, "mp"));
  });

  it("refuses another key, another context, or any changed character", () => {
    const sealed = sealSecret("APP_USR-secret-token", key, "mercadopago");
    expect(() => openSecret(sealed, randomBytes(32).toString("hex"), "mercadopago")).toThrow();
    expect(() => openSecret(sealed, key, "paghiper")).toThrow();
    for (let i = 3; i < sealed.length; i += 7) {
      const flipped = sealed.slice(0, i) + (sealed[i] === "A" ? "B" : "A") + sealed.slice(i + 1);
      if (flipped !== sealed) expect(() => openSecret(flipped, key, "mercadopago")).toThrow();
    }
    expect(() => openSecret("garbage", key, "mercadopago")).toThrow();
  });
});
