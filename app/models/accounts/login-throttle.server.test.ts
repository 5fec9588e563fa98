import { and, count, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAttempts } from "~db/schema";
import { db } from "~/utils/db.server";
import {
  accountKey,
  beginLoginAttempt,
  DEVICE_TOKEN_DAYS,
  forgiveLoginAttempts,
  issueDeviceToken,
  trustedDevice,
} from "./login-throttle.server";

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describe("login throttle", () => {
  const now = new Date("2026-05-01T12:00:00Z");

  it("counts every attempt: an address's sixth on one e-mail waits for the window", () => {
    for (let i = 0; i < 5; i++)
      expect(beginLoginAttempt("10.0.0.1", "ALVO@teste.dev", now)).toEqual({ allowed: true });
    expect(beginLoginAttempt("10.0.0.1", "alvo@teste.dev", now)).toEqual({
      allowed: false,
      retryAfterMinutes: 15,
      retryAfterSeconds: 900,
    });
    expect(beginLoginAttempt("10.0.0.1", "alvo@teste.dev", minutes(now, 10))).toEqual({
      allowed: false,
      retryAfterMinutes: 5,
      retryAfterSeconds: 300,
    });
    expect(beginLoginAttempt("10.0.0.1", "alvo@teste.dev", minutes(now, 16)).allowed).toBe(true);
  });

  it("blocks one address trying many e-mails, and only that address", () => {
    for (let i = 0; i < 20; i++)
      expect(beginLoginAttempt("10.9.9.9", `vitima${i}@teste.dev`, now).allowed).toBe(true);
    expect(beginLoginAttempt("10.9.9.9", "outra@teste.dev", now).allowed).toBe(false);
    expect(beginLoginAttempt("10.9.9.8", "outra@teste.dev", now).allowed).toBe(true);
  });

  it("slows an account under attack to one attempt a minute from other addresses", () => {
    for (let i = 0; i < 5; i++) beginLoginAttempt("10.2.0.1", "cercado@teste.dev", now);
    expect(beginLoginAttempt("10.2.0.1", "cercado@teste.dev", now).allowed).toBe(false);
    expect(beginLoginAttempt("10.2.0.2", "cercado@teste.dev", now).allowed).toBe(true);
    expect(beginLoginAttempt("10.2.0.3", "cercado@teste.dev", minutes(now, 0.5))).toEqual({
      allowed: false,
      retryAfterMinutes: 1,
      retryAfterSeconds: 30,
    });
    expect(beginLoginAttempt("10.2.0.3", "cercado@teste.dev", minutes(now, 1.1)).allowed).toBe(
      true,
    );
  });

  it("forgives the owner's attempts from their address, not the attacker's", () => {
    for (let i = 0; i < 5; i++) beginLoginAttempt("10.3.0.1", "dono@teste.dev", now);
    expect(beginLoginAttempt("10.3.0.2", "dono@teste.dev", now).allowed).toBe(true);
    forgiveLoginAttempts("10.3.0.2", "DONO@teste.dev");
    // The slow lane is free again, and the attacker is still held back.
    expect(beginLoginAttempt("10.3.0.3", "dono@teste.dev", now).allowed).toBe(true);
    expect(beginLoginAttempt("10.3.0.1", "dono@teste.dev", minutes(now, 2)).allowed).toBe(false);
  });

  it("lets a trusted device in whatever other addresses do, and counts only its own failures", () => {
    const device = trustedDevice([issueDeviceToken(71, now)], 71, now)!;
    // Rotating addresses, one wrong guess each, keep the untrusted lane (limit, then slow lane) full.
    for (let i = 0; i < 36; i++) {
      const at = new Date(now.getTime() + i * 1000);
      beginLoginAttempt(`10.4.${i >> 8}.${i & 255}`, "sitiado@teste.dev", at);
      expect(beginLoginAttempt("10.4.9.9", "sitiado@teste.dev", at, { device })).toEqual({
        allowed: true,
      });
      forgiveLoginAttempts("10.4.9.9", "sitiado@teste.dev", { device });
    }
    // A browser without the token waits: the untrusted lane is the attackers'.
    expect(
      beginLoginAttempt("10.4.9.7", "sitiado@teste.dev", new Date(now.getTime() + 35_000)),
    ).toMatchObject({ allowed: false });
    // Its own failures: five, then it waits like anyone (a stolen device token is no skeleton key).
    for (let i = 0; i < 5; i++)
      expect(beginLoginAttempt("10.4.9.9", "sitiado@teste.dev", now, { device }).allowed).toBe(
        true,
      );
    expect(beginLoginAttempt("10.4.9.8", "sitiado@teste.dev", now, { device })).toEqual({
      allowed: false,
      retryAfterMinutes: 15,
      retryAfterSeconds: 900,
    });
    // Another device of the same account is not held back by it.
    const other = trustedDevice([issueDeviceToken(71, now)], 71, now)!;
    expect(beginLoginAttempt("10.4.9.9", "sitiado@teste.dev", now, { device: other }).allowed).toBe(
      true,
    );
  });

  it("trusts only our own, unexpired device tokens, each for its own account", () => {
    const token = issueDeviceToken(72, now);
    expect(trustedDevice([token], 72, now)).toMatch(/^[0-9a-f]{64}$/);
    expect(trustedDevice(["lixo", token], 72, now)).toBe(trustedDevice([token], 72, now));
    expect(trustedDevice([token], 73, now)).toBeNull();
    const [v, user, issued, nonce, signature] = token.split(".");
    expect(trustedDevice([[v, 73, issued, nonce, signature].join(".")], 73, now)).toBeNull();
    expect(trustedDevice([[v, user, issued, nonce, "A".repeat(43)].join(".")], 72, now)).toBeNull();
    const later = new Date(now.getTime() + (DEVICE_TOKEN_DAYS + 1) * 24 * 60 * 60_000);
    expect(trustedDevice([token], 72, later)).toBeNull();
    expect(trustedDevice([], 72, now)).toBeNull();
  });

  it("keeps no submitted e-mail: a 3 MB one leaves a 64-character row", () => {
    const huge = `${"a".repeat(3 * 1024 * 1024)}@teste.dev`;
    beginLoginAttempt("10.5.0.1", huge, now);
    const longest = db()
      .select({ n: sql<number>`max(length(${loginAttempts.email}) + length(${loginAttempts.ip}))` })
      .from(loginAttempts)
      .get()!.n;
    expect(longest).toBeLessThanOrEqual(64 + 64);
    beginLoginAttempt(`10.5.0.1${"9".repeat(100_000)}`, "curto@teste.dev", now);
    expect(
      db()
        .select({ n: sql<number>`max(length(${loginAttempts.ip}))` })
        .from(loginAttempts)
        .get()!.n,
    ).toBe(64);
    expect(
      db()
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.email, accountKey("Curto@Teste.dev")))
        .all(),
    ).toHaveLength(1);
  });

  it("keeps a bounded number of rows per account and per address, however long the attack", () => {
    const rows = (where: ReturnType<typeof eq>) =>
      db().select({ n: count() }).from(loginAttempts).where(where).get()!.n;
    // Two hours of a guess every 5 s at one account from rotating addresses: the window holds
    // 5 + 15 slow-lane attempts at most, and only those are kept (not the 125 let in).
    for (let i = 0; i < 1440; i++) {
      const at = new Date(now.getTime() + i * 5000);
      beginLoginAttempt(`10.6.${(i >> 8) & 255}.${i & 255}`, "alvo-longo@teste.dev", at);
    }
    expect(rows(eq(loginAttempts.email, accountKey("alvo-longo@teste.dev")))).toBeLessThanOrEqual(
      21,
    );
    // Two hours of one address trying a new e-mail every 10 s: 20 kept, not 160.
    for (let i = 0; i < 720; i++) {
      const at = new Date(now.getTime() + i * 10_000);
      beginLoginAttempt("10.7.0.1", `qualquer-${i}@teste.dev`, at);
    }
    expect(rows(and(eq(loginAttempts.ip, "10.7.0.1"), isNull(loginAttempts.device))!)).toBe(20);
  });
});
