import { beforeAll, describe, expect, it, vi } from "vitest";
import { findUserByEmail } from "~/models/accounts/user.server";
import * as apiLogin from "~/routes/accounts/api.auth.login";
import * as apiProfile from "~/routes/accounts/api.auth.profile";
import * as loginPage from "~/routes/accounts/login";
import * as profilePage from "~/routes/accounts/_app.profile";
import * as settingsPage from "~/routes/accounts/_app.settings";
import type * as passwords from "~/utils/password.server";
import { verifyPassword } from "~/utils/password.server";
import { createFreePlan, createUser, sessionHeaders } from "../support/factories";
import { call, envelope } from "../support/routes";

// Counts every password check, so "counted before checked" shows without timing.
vi.mock("~/utils/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

beforeAll(() => {
  createFreePlan();
});

type FormAnswer = { status: number; retryAfter: string | null; message: string | undefined };

/** Posts one of the account pages' forms from `ip`, as a browser of our own pages would. */
async function postForm(
  action: typeof profilePage.action,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  ip: string,
): Promise<FormAnswer> {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
  let result: unknown;
  try {
    result = await action({ request, params: {}, context: { clientIp: ip } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, retryAfter: result.headers.get("Retry-After"), message: "" };
  const answer = result as {
    data: { reply: { error?: Record<string, string[]> } };
    init: { status: number; headers?: Record<string, string> };
  };
  return {
    status: answer.init.status,
    retryAfter: answer.init.headers?.["Retry-After"] ?? null,
    message: answer.data.reply.error?.currentPassword?.[0],
  };
}

const throttled = /^Muitas tentativas com a senha atual\. Aguarde \d+ minutos?/;

describe("the current password confirming a change is throttled like a sign-in (ADR 0029)", () => {
  it("on /profile: 25 guesses at once get 5 checks and 20 answers of 429", async () => {
    const { user } = await createUser();
    const { Cookie } = await sessionHeaders(user, "web");
    vi.mocked(verifyPassword).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        postForm(
          profilePage.action,
          "/profile",
          {
            intent: "profile",
            name: user.name,
            email: `tomado-${i}@teste.dev`,
            currentPassword: `chute-${i}`,
          },
          Cookie!,
          "10.70.0.1",
        ),
      ),
    );
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.message).toMatch(throttled);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(findUserByEmail(user.email)).toBeDefined();
  });

  it("on PUT /api/auth/profile: the sixth guess is a 429 with Retry-After, even the right one", async () => {
    const { user, password } = await createUser();
    const { Authorization } = await sessionHeaders(user, "api");
    const token = Authorization!.replace("Bearer ", "");
    const put = (currentPassword: string) =>
      call(apiProfile.action, "/api/auth/profile", {
        method: "PUT",
        token,
        ip: "10.71.0.1",
        json: { name: user.name, email: `novo-${user.email}`, current_password: currentPassword },
      });
    for (let i = 0; i < 5; i++) expect((await put(`chute-${i}`)).status).toBe(400);
    const sixth = await put(password);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await envelope(sixth);
    expect(body.message).toMatch(throttled);
    expect(body.errors?.current_password?.[0]).toMatch(throttled);
    expect(findUserByEmail(`novo-${user.email}`)).toBeUndefined();
  });

  it("on /settings' password change, and sharing its count with the sign-in form", async () => {
    const { user, password } = await createUser();
    const { Cookie } = await sessionHeaders(user, "web");
    const change = (currentPassword: string) =>
      postForm(
        settingsPage.action,
        "/settings",
        {
          intent: "password",
          currentPassword,
          newPassword: "tomada123",
          confirmPassword: "tomada123",
        },
        Cookie!,
        "10.72.0.1",
      );
    for (let i = 0; i < 3; i++) expect((await change(`chute-${i}`)).status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const login = await call(apiLogin.action, "/api/auth/login", {
        method: "POST",
        json: { email: user.email, password: `chute-login-${i}` },
        ip: "10.72.0.1",
      });
      expect(login.status).toBe(401);
    }
    const sixth = await change(password);
    expect(sixth).toMatchObject({ status: 429 });
    expect(sixth.message).toMatch(throttled);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
  });

  it("a borrowed session's guesses do not hold back the owner's known device", async () => {
    const { user, password } = await createUser();
    // The owner signs in on their browser: it becomes a known device of the account.
    const signIn = await loginPage.action({
      request: new Request("http://localhost/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: user.email, password }),
      }),
      params: {},
      context: { clientIp: "10.73.0.1" },
    });
    const cookies = (signIn as Response).headers.getSetCookie().map((c) => c.split(";")[0]!);
    const ownerCookie = cookies.join("; ");
    // Someone with a borrowed session elsewhere spends the account's guesses.
    const { Cookie: borrowed } = await sessionHeaders(user, "web");
    for (let i = 0; i < 5; i++)
      await postForm(
        profilePage.action,
        "/profile",
        {
          intent: "profile",
          name: user.name,
          email: user.email,
          currentPassword: "x",
          newPassword: "tomada123",
          confirmPassword: "tomada123",
        },
        borrowed!,
        "10.74.0.1",
      );
    const thief = await postForm(
      profilePage.action,
      "/profile",
      {
        intent: "profile",
        name: user.name,
        email: user.email,
        currentPassword: "y",
        newPassword: "tomada123",
        confirmPassword: "tomada123",
      },
      borrowed!,
      "10.74.0.1",
    );
    expect(thief.status).toBe(429);
    const owner = await postForm(
      profilePage.action,
      "/profile",
      {
        intent: "profile",
        name: user.name,
        email: user.email,
        currentPassword: password,
        newPassword: "minha-nova",
        confirmPassword: "minha-nova",
      },
      ownerCookie,
      "10.73.0.1",
    );
    expect(owner.status).toBe(302);
  });
});
