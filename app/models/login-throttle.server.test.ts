import { describe, expect, it } from "vitest";
import { checkLoginThrottle, clearFailedLogins, recordFailedLogin } from "./login-throttle.server";

describe("login throttle", () => {
  const now = new Date("2026-05-01T12:00:00Z");

  it("blocks an e-mail after five failures in the window and lets it go after", () => {
    for (let i = 0; i < 4; i++) recordFailedLogin("10.0.0.1", "alvo@teste.dev", now);
    expect(checkLoginThrottle("10.0.0.2", "ALVO@teste.dev", now).allowed).toBe(true);
    recordFailedLogin("10.0.0.3", "alvo@teste.dev", now);
    expect(checkLoginThrottle("10.0.0.2", "alvo@teste.dev", now)).toEqual({
      allowed: false,
      retryAfterMinutes: 15,
    });
    expect(
      checkLoginThrottle("10.0.0.2", "alvo@teste.dev", new Date(now.getTime() + 16 * 60_000))
        .allowed,
    ).toBe(true);
  });

  it("blocks one address trying many e-mails", () => {
    for (let i = 0; i < 20; i++) recordFailedLogin("10.9.9.9", `vitima${i}@teste.dev`, now);
    expect(checkLoginThrottle("10.9.9.9", "outra@teste.dev", now).allowed).toBe(false);
    expect(checkLoginThrottle("10.9.9.8", "outra@teste.dev", now).allowed).toBe(true);
  });

  it("forgives an e-mail's failures after a good sign-in", () => {
    for (let i = 0; i < 5; i++) recordFailedLogin("10.1.1.1", "esquecido@teste.dev", now);
    clearFailedLogins("esquecido@teste.dev");
    expect(checkLoginThrottle("10.1.1.2", "esquecido@teste.dev", now).allowed).toBe(true);
  });
});
