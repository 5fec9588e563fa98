import { beforeAll, describe, expect, it, vi } from "vitest";
import * as apiLogin from "~/routes/accounts/api.auth.login";
import * as loginPage from "~/routes/accounts/login";
import { commitWebSession } from "~/server/auth.server";
import type * as passwords from "~/utils/password.server";
import { verifyPassword } from "~/utils/password.server";
import { createFreePlan, createUser } from "../support/factories";
import { call } from "../support/routes";

// Counts every password check, so "checked before counted" shows without timing.
vi.mock("~/utils/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

beforeAll(() => {
  createFreePlan();
});

const apiLoginAs = (email: string, password: string, ip: string) =>
  call(apiLogin.action, "/api/auth/login", { method: "POST", json: { email, password }, ip });

/**
 * Posts the /login form as a browser would, from `ip`, with the browser's `cookie` if any: the
 * status, where it redirects, the cookies it sets and the Retry-After of a 429.
 */
async function formLogin(fields: Record<string, string>, ip: string, cookie?: string) {
  const request = new Request("http://localhost/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  let result: unknown;
  try {
    result = await loginPage.action({ request, params: {}, context: { clientIp: ip } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("Location"),
      errors: [],
      cookies: result.headers.getSetCookie(),
      retryAfter: null,
    };
  const answer = result as {
    data: { error?: Record<string, string[]> };
    init: { status: number; headers?: Record<string, string> };
  };
  return {
    status: answer.init.status,
    location: null,
    errors: answer.data.error?.[""] ?? [],
    cookies: [],
    retryAfter: answer.init.headers?.["Retry-After"] ?? null,
  };
}

/** The `name=value` of the cookie `name` among Set-Cookie headers. */
const cookieNamed = (cookies: string[], name: string) =>
  cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(";")[0];

describe("sign-in throttle, counted before the password is checked", () => {
  it("checks no more than the limit's passwords when 50 wrong ones arrive at once", async () => {
    const { user } = await createUser();
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => apiLoginAs(user.email, `errada-${i}`, "10.40.0.1")),
    );
    const statuses = answers.map((response) => response.status);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it("from 50 addresses at once, checks the limit plus one slow-lane attempt", async () => {
    const { user } = await createUser();
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => apiLoginAs(user.email, "errada", `10.41.0.${i + 1}`)),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(6);
    expect(answers.filter((response) => response.status === 401)).toHaveLength(6);
  });

  it("answers 401 for a wrong password and 429 once the address is throttled", async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 5; i++)
      expect((await apiLoginAs(user.email, "errada", "10.42.0.1")).status).toBe(401);
    const throttled = await apiLoginAs(user.email, password, "10.42.0.1");
    expect(throttled.status).toBe(429);
    expect((await throttled.json()).message).toBe(
      "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.",
    );
  });
});

describe("one attacker cannot lock anyone else out", () => {
  it("20 web failures on random e-mails from one address do not stop a login from another", async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 20; i++) {
      const answer = await formLogin(
        { email: `aleatorio-${i}@teste.dev`, password: "errada" },
        "10.43.0.1",
      );
      expect(answer.status).toBe(401);
    }
    const flooder = await formLogin({ email: user.email, password }, "10.43.0.1");
    expect(flooder.status).toBe(429);
    expect(flooder.errors[0]).toMatch(/^Muitas tentativas de login/);
    const victim = await formLogin({ email: user.email, password }, "10.43.0.2");
    expect(victim).toMatchObject({ status: 302, location: "/home" });
  });

  it("hammering the victim's e-mail from one address does not stop the victim elsewhere", async () => {
    const { user, password } = await createUser({ email: "vitima@teste.dev" });
    for (let i = 0; i < 30; i++) await apiLoginAs("vitima@teste.dev", `chute-${i}`, "10.44.0.1");
    expect((await apiLoginAs("vitima@teste.dev", password, "10.44.0.1")).status).toBe(429);
    expect((await apiLoginAs(user.email, password, "10.44.0.2")).status).toBe(200);
    const web = await formLogin({ email: user.email, password }, "10.44.0.3");
    expect(web).toMatchObject({ status: 302, location: "/home" });
  });
});

describe("a known device is not kept out by attempts from elsewhere (ADR 0029)", () => {
  it("rotating addresses guessing once a round: the victim's browser signs in every time", async () => {
    const { user, password } = await createUser({ email: "sitiada@teste.dev" });
    const first = await formLogin({ email: user.email, password }, "10.46.0.1");
    expect(first).toMatchObject({ status: 302, location: "/home" });
    const device = cookieNamed(first.cookies, "__device");
    expect(device).toBeDefined();
    const deviceCookie = first.cookies.find((cookie) => cookie.startsWith("__device="))!;
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/SameSite=Lax/i);
    expect(deviceCookie).toMatch(/Max-Age=31536000/);
    let browser = device!;
    for (let round = 0; round < 36; round++) {
      const guess = await formLogin(
        { email: user.email, password: `chute-${round}` },
        `10.47.${round >> 8}.${round & 255}`,
      );
      expect([401, 429]).toContain(guess.status);
      const victim = await formLogin({ email: user.email, password }, "10.46.0.1", browser);
      expect(victim).toMatchObject({ status: 302, location: "/home" });
      browser = cookieNamed(victim.cookies, "__device") ?? browser;
    }
    // A browser that never signed in here waits: the slow lane is the attackers'.
    const fresh = await formLogin({ email: user.email, password }, "10.46.0.2");
    expect(fresh.status).toBe(429);
    expect(fresh.errors[0]).toMatch(/^Muitas tentativas de login/);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
  });

  it("over the API too: the client sends back its device_token", async () => {
    const { user, password } = await createUser({ email: "sitiada-api@teste.dev" });
    const first = await apiLoginAs(user.email, password, "10.48.0.1");
    const deviceToken = (await first.json()).data.device_token as string;
    expect(deviceToken).toMatch(/^v1\./);
    for (let i = 0; i < 12; i++) await apiLoginAs(user.email, "errada", `10.49.0.${i + 1}`);
    const fresh = await apiLoginAs(user.email, password, "10.48.0.2");
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get("Retry-After"))).toBeGreaterThan(0);
    const known = await call(apiLogin.action, "/api/auth/login", {
      method: "POST",
      json: { email: user.email, password },
      ip: "10.48.0.2",
      headers: { "X-Device-Token": deviceToken },
    });
    expect(known.status).toBe(200);
  });

  it("a stolen device cookie gets its own five guesses, then waits like anyone", async () => {
    const { user, password } = await createUser();
    const device = cookieNamed(
      (await formLogin({ email: user.email, password }, "10.50.0.1")).cookies,
      "__device",
    )!;
    for (let i = 0; i < 5; i++) {
      const guess = await formLogin(
        { email: user.email, password: `chute-${i}` },
        "10.51.0.1",
        device,
      );
      expect(guess.status).toBe(401);
    }
    const stolen = await formLogin({ email: user.email, password }, "10.51.0.2", device);
    expect(stolen.status).toBe(429);
    // The owner's other, untouched browser is not held back by it.
    const owner = await formLogin({ email: user.email, password }, "10.50.0.1");
    expect(owner.status).toBe(302);
  });

  it("a device cookie of one account does not help on another", async () => {
    const mine = await createUser();
    const target = await createUser();
    const device = cookieNamed(
      (await formLogin({ email: mine.user.email, password: mine.password }, "10.52.0.1")).cookies,
      "__device",
    )!;
    for (let i = 0; i < 5; i++)
      await formLogin({ email: target.user.email, password: "errada" }, "10.52.0.1", device);
    const sixth = await formLogin(
      { email: target.user.email, password: "errada" },
      "10.52.0.1",
      device,
    );
    expect(sixth.status).toBe(429);
  });
});

describe("hostile device cookies and headers", () => {
  it("are ignored: a normal sign-in, never a 500", async () => {
    const { user, password } = await createUser();
    const junk = [
      "__device=%%%",
      "__device=bm90IGpzb24",
      `__device=${btoa(JSON.stringify({ a: 1 }))}`,
      `__device=${btoa(JSON.stringify(Array.from({ length: 300 }, () => "v1.1.1.x.y")))}`,
      `__device=${btoa(JSON.stringify([`v1.${user.id}.0.nonce.assinatura`]))}`,
    ];
    for (const cookie of junk) {
      const answer = await formLogin({ email: user.email, password }, "10.53.0.1", cookie);
      expect(answer).toMatchObject({ status: 302, location: "/home" });
    }
    for (const header of ["lixo", "v1.1.2.3.4", `v1.${user.id}.${"9".repeat(400)}.a.b`]) {
      const answer = await call(apiLogin.action, "/api/auth/login", {
        method: "POST",
        json: { email: user.email, password },
        ip: "10.53.0.2",
        headers: { "X-Device-Token": header },
      });
      expect(answer.status).toBe(200);
    }
  });
});

describe("the login page's redirect", () => {
  it("sends a signed-in user home, not to another origin, whatever redirectTo says", async () => {
    const { user } = await createUser();
    const cookie = (
      await commitWebSession(user, new Request("http://localhost/login"), "10.45.0.1")
    ).split(";")[0]!;
    const at = async (redirectTo: string) =>
      (
        await call(loginPage.loader, `/login?${new URLSearchParams({ redirectTo })}`, { cookie })
      ).headers.get("Location");
    expect(await at("/\t/evil.example")).toBe("/home");
    expect(await at("/\\evil.example")).toBe("/home");
    expect(await at("https://evil.example")).toBe("/home");
    expect(await at("/search?q=BR123456")).toBe("/search?q=BR123456");
  });

  it("after signing in, sends the user to our path only", async () => {
    const { user, password } = await createUser();
    const login = (redirectTo: string) =>
      formLogin({ email: user.email, password, redirectTo }, "10.45.0.2");
    expect((await login("/\t/evil.example")).location).toBe("/home");
    expect((await login("/\r\n/evil.example")).location).toBe("/home");
    expect((await login("/settings?aba=plano")).location).toBe("/settings?aba=plano");
  });
});
