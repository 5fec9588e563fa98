import { beforeEach, describe, expect, it, vi } from "vitest";
import { createSession, findSessionUser } from "~/models/accounts/session.server";
import { verifyCredentials } from "~/models/accounts/user.server";
import * as forgotApi from "~/routes/accounts/api.auth.forgot-password";
import * as profileApi from "~/routes/accounts/api.auth.profile";
import * as resetApi from "~/routes/accounts/api.auth.reset-password";
import * as forgotPage from "~/routes/accounts/esqueci-senha";
import * as resetPage from "~/routes/accounts/redefinir-senha.$token";
import * as loginPage from "~/routes/accounts/login";
import { getOptionalUser } from "~/server/auth.server";
import { foreignOriginRefusal } from "~/server/origin.server";
import { createUser, FORM, invoke, toastOf } from "../support/factories";
import { call, envelope } from "../support/routes";

/**
 * "Esqueci minha senha" through its pages and its API (issue #27): the same answer for any e-mail,
 * a link that works once, every old session and token revoked, and hostile requests refused in
 * pt-BR without a 500.
 */

type QueuedMail = { eventKey: string; to: string; text: string; html: string };
const queued = vi.hoisted(() => [] as QueuedMail[]);

vi.mock("~/models/mail/index.server", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  queueMail: vi.fn(async (mail: QueuedMail) => {
    queued.push(mail);
  }),
}));

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

const SENT =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Ele vale por 30 minutos.";
const INVALID_LINK =
  "Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo link.";

function lastToken(): string {
  const match = /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(queued.at(-1)?.text ?? "");
  if (!match) throw new Error("no reset link was mailed");
  return match[1]!;
}

const forgot = (json: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(forgotApi.action, "/api/auth/forgot-password", {
    method: "POST",
    json,
    ip: init.ip ?? freshIp(),
    headers: init.headers,
  });

const resetVia = (json: unknown, headers: Record<string, string> = {}) =>
  call(resetApi.action, "/api/auth/reset-password", {
    method: "POST",
    json,
    ip: freshIp(),
    headers,
  });

/** A link for `email`, asked through the API. */
async function linkFor(email: string) {
  const response = await forgot({ email });
  expect(response.status).toBe(200);
  return lastToken();
}

beforeEach(() => {
  queued.length = 0;
});

describe("POST /api/auth/forgot-password", () => {
  it("answers the same 200 for a known and an unknown e-mail; only the known one gets mail", async () => {
    const { user } = await createUser();
    const known = await forgot({ email: user.email.toUpperCase() });
    const unknown = await forgot({ email: "ninguem@teste.dev" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await envelope(known), await envelope(unknown)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ success: true, data: null, message: SENT });
    expect(queued.map((mail) => mail.to)).toEqual([user.email]);
  });

  it("refuses bad input in pt-BR, never a 500", async () => {
    const cases: { init: Parameters<typeof call>[2]; status: number; message?: string }[] = [
      { init: { json: {} }, status: 400, message: "Informe o e-mail da sua conta" },
      {
        init: { json: { email: "sem arroba" } },
        status: 400,
        message: "Formato de email inválido",
      },
      { init: { json: { email: ["a@b.co"] } }, status: 400 },
      { init: { json: [1, 2] }, status: 400 },
      {
        init: { json: { email: `${"a".repeat(250)}@teste.dev` } },
        status: 400,
        message: "Formato de email inválido",
      },
      { init: { json: { email: `${"a".repeat(70_000)}@teste.dev` } }, status: 413 },
      { init: { json: { email: "a\u0000@teste.dev" } }, status: 400 },
      { init: { body: "{nope", headers: { "Content-Type": "application/json" } }, status: 400 },
      { init: { body: "email=a%40b.co", headers: { "Content-Type": FORM } }, status: 415 },
      {
        init: { body: '{"email":"a@b.co"}', headers: { "Content-Type": "text/plain" } },
        status: 415,
      },
    ];
    for (const { init, status, message } of cases) {
      const response = await call(forgotApi.action, "/api/auth/forgot-password", {
        method: "POST",
        ip: freshIp(),
        ...init,
      });
      expect(response.status, JSON.stringify(init).slice(0, 80)).toBe(status);
      const body = await envelope(response);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/[ãçéêíóú]|\w/);
      if (message) expect(body.message).toBe(message);
    }
    expect(queued).toHaveLength(0);
  });

  it("refuses what a browser says another site sent, and a GET", async () => {
    const { user } = await createUser();
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of crossSite) {
      const response = await forgot({ email: user.email }, { headers });
      expect(response.status).toBe(403);
      expect((await envelope(response)).success).toBe(false);
    }
    expect(queued).toHaveLength(0);
    const get = await call(forgotApi.loader, "/api/auth/forgot-password");
    expect(get.status).toBe(405);
  });

  it("throttles an address, then answers 429 with Retry-After", async () => {
    const ip = freshIp();
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) last = await forgot({ email: `x${i}@teste.dev` }, { ip });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await envelope(last!)).message).toMatch(/^Muitos pedidos de redefinição/);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the password, revokes the old tokens and answers a new one, like a sign-in", async () => {
    const { user, password } = await createUser();
    const oldToken = createSession(user.id, "api").id;
    const token = await linkFor(user.email);
    const response = await resetVia({ token, password: "senha-nova-api" });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.data.user.email).toBe(user.email);
    expect(body.data.device_token).toEqual(expect.any(String));
    expect(findSessionUser(oldToken).status).toBe("missing");
    const me = await call(profileApi.loader, "/api/auth/profile", { token: body.data.token });
    expect(me.status).toBe(200);
    expect(await verifyCredentials(user.email, password)).toBeNull();

    const again = await resetVia({ token, password: "outra-senha-1" });
    expect(again.status).toBe(400);
    expect(await envelope(again)).toMatchObject({ success: false, message: INVALID_LINK });
  });

  it("refuses bad tokens and bad passwords with 400, and a cross-site post with 403", async () => {
    const { user } = await createUser();
    const token = await linkFor(user.email);
    const cases: [unknown, string][] = [
      [{ token: "nao-existe", password: "senha-nova-1" }, INVALID_LINK],
      [{ token: "x".repeat(5000), password: "senha-nova-1" }, INVALID_LINK],
      [{ password: "senha-nova-1" }, INVALID_LINK],
      [{ token, password: "123" }, "A senha deve ter pelo menos 6 caracteres"],
      [{ token, password: 123456 }, "Todos os campos são obrigatórios"],
      [{ token }, "Todos os campos são obrigatórios"],
    ];
    for (const [json, message] of cases) {
      const response = await resetVia(json);
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect((await envelope(response)).message).toBe(message);
    }
    const crossSite = await resetVia(
      { token, password: "senha-nova-1" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    // None of it spent the link.
    expect((await resetVia({ token, password: "senha-nova-1" })).status).toBe(200);
  });

  it("two resets with one link at once: one 200, one 400", async () => {
    const { user } = await createUser();
    const token = await linkFor(user.email);
    const statuses = (
      await Promise.all([
        resetVia({ token, password: "primeira-senha" }),
        resetVia({ token, password: "segunda-senha" }),
      ])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 400]);
  });
});

// --- The pages, as a browser without JavaScript posts them ----------------------------------------

const formPost = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  body: new URLSearchParams(body).toString(),
  headers: { Origin: "http://localhost", "Content-Type": FORM, ...headers },
});

describe("the pages", () => {
  it("/login links to /esqueci-senha", async () => {
    const source = await import("node:fs").then((fs) =>
      fs.readFileSync("app/routes/accounts/login.tsx", "utf8"),
    );
    expect(loginPage.default).toBeTypeOf("function");
    expect(source).toContain('to="/esqueci-senha"');
  });

  it("/esqueci-senha redirects to the same confirmation for any e-mail", async () => {
    const { user } = await createUser();
    for (const email of [user.email, "ninguem-pagina@teste.dev"]) {
      const response = await invoke(forgotPage.action, "/esqueci-senha", formPost({ email }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/esqueci-senha?enviado=1");
    }
    expect(queued.map((mail) => mail.to)).toEqual([user.email]);
    const confirmation = await invoke(forgotPage.loader, "/esqueci-senha?enviado=1");
    expect(await confirmation.json()).toEqual({ sent: true });
    const invalid = await invoke(forgotPage.action, "/esqueci-senha", formPost({ email: "x" }));
    expect(invalid.status).toBe(400);
  });

  it("a cross-site post to either page is refused before the action runs", () => {
    for (const path of ["/esqueci-senha", "/redefinir-senha/abc"])
      expect(
        foreignOriginRefusal(
          "POST",
          path,
          (name) => ({ origin: "https://evil.example", host: "localhost" })[name],
        ),
      ).toMatchObject({ status: 403 });
  });

  it("/redefinir-senha/:token signs in with a fresh session, revoking the others", async () => {
    const { user } = await createUser();
    const oldWeb = createSession(user.id, "web");
    const token = await linkFor(user.email);
    const path = `/redefinir-senha/${token}`;
    expect(await (await invoke(resetPage.loader, path, { params: { token } })).json()).toEqual({
      open: true,
    });

    const mismatch = await invoke(resetPage.action, path, {
      ...formPost({ password: "senha-nova-1", confirmPassword: "senha-nova-2" }),
      params: { token },
    });
    expect(mismatch.status).toBe(400);

    const response = await invoke(resetPage.action, path, {
      ...formPost({ password: "senha-nova-1", confirmPassword: "senha-nova-1" }),
      params: { token },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    const cookies = response.headers.getSetCookie();
    const flash = cookies.find((cookie) => cookie.startsWith("__flash="))!;
    const toast = await toastOf(new Response(null, { headers: { "Set-Cookie": flash } }));
    expect(toast?.message).toMatch(/^Senha alterada!/);
    const session = cookies.find((cookie) => cookie.startsWith("__session="))!.split(";")[0]!;
    const signedIn = await getOptionalUser(
      new Request("http://localhost/home", { headers: { Cookie: session } }),
    );
    expect(signedIn?.id).toBe(user.id);
    expect(findSessionUser(oldWeb.id).status).toBe("missing");

    // The link is spent: the page says so and offers a new one.
    expect(await (await invoke(resetPage.loader, path, { params: { token } })).json()).toEqual({
      open: false,
    });
    const reused = await invoke(resetPage.action, path, {
      ...formPost({ password: "senha-nova-3", confirmPassword: "senha-nova-3" }),
      params: { token },
    });
    expect(reused.status).toBe(400);
    expect(JSON.stringify(await reused.json())).toContain(INVALID_LINK);
  });
});
