import { describe, expect, it } from "vitest";
import { beginLoginAttempt, forgiveLoginAttempts } from "./login-throttle.server";

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describe("login throttle", () => {
  const now = new Date("2026-05-01T12:00:00Z");

  it("counts every attempt: an address's sixth on one e-mail waits for the window", () => {
    for (let i = 0; i < 5; i++)
      expect(beginLoginAttempt("10.0.0.1", "ALVO@teste.dev", now)).toEqual({ allowed: true });
    expect(beginLoginAttempt("10.0.0.1", "alvo@teste.dev", now)).toEqual({
      allowed: false,
      retryAfterMinutes: 15,
    });
    expect(beginLoginAttempt("10.0.0.1", "alvo@teste.dev", minutes(now, 10))).toEqual({
      allowed: false,
      retryAfterMinutes: 5,
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
});
