import { beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import * as login from "~/routes/accounts/api.auth.login";
import * as logout from "~/routes/accounts/api.auth.logout";
import * as plansRoute from "~/routes/payments/api.auth.plans";
import * as profile from "~/routes/accounts/api.auth.profile";
import * as register from "~/routes/accounts/api.auth.register";
import * as ping from "~/routes/site/api.ping";
import * as overview from "~/routes/site/api.public.overview";
import * as seo from "~/routes/site/api.public.seo";
import * as unknown from "~/routes/site/api.$";
import { eq } from "drizzle-orm";
import { sessions } from "~db/schema";
import { createSession, findSessionUser } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import { commitWebSession } from "~/server/auth.server";
import { createFreePlan, createPlan, createUser } from "../support/factories";
import { call, envelope } from "../support/routes";

beforeAll(() => {
  createFreePlan();
  createPlan({ name: "Profissional API", priceCents: 4990, creditsPerMonth: 6000, sortOrder: 1 });
  createPlan({ name: "Antigo", priceCents: 990, status: "inactive" });
});

describe("GET /api/ping", () => {
  it("answers pong in the envelope", async () => {
    const response = await call(ping.loader, "/api/ping");
    expect(response.status).toBe(200);
    expect(await envelope(response)).toMatchObject({ success: true, message: "pong" });
  });
});

describe("POST /api/auth/register", () => {
  it("creates a user and returns a working bearer token", async () => {
    const response = await call(register.action, "/api/auth/register", {
      method: "POST",
      json: { name: "Via API", email: "Via.Api@Teste.dev", password: "segredo1" },
    });
    expect(response.status).toBe(201);
    const body = await envelope(response);
    expect(body).toMatchObject({ success: true, message: "Conta criada com sucesso!" });
    expect(body.data.user).toMatchObject({ email: "via.api@teste.dev", role: "user" });
    const me = await call(profile.loader, "/api/auth/profile", { token: body.data.token });
    expect(me.status).toBe(200);
    expect((await envelope(me)).data.user.email).toBe("via.api@teste.dev");
  });

  it("gives 400 with the spec's messages for bad input, never a 500", async () => {
    const cases: [unknown, string][] = [
      [{ email: "a@b.co" }, "Todos os campos são obrigatórios"],
      [{ name: "X", email: "a@b.co", password: "123" }, "A senha deve ter pelo menos 6 caracteres"],
      [{ name: "X", email: "sem arroba", password: "123456" }, "Formato de email inválido"],
      [{ name: 42, email: ["x"], password: null }, "Todos os campos são obrigatórios"],
    ];
    for (const [json, message] of cases) {
      const response = await call(register.action, "/api/auth/register", { method: "POST", json });
      expect(response.status).toBe(400);
      expect(await envelope(response)).toMatchObject({ success: false, message });
    }
    const broken = await call(register.action, "/api/auth/register", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });

  it("refuses a taken e-mail with a field message", async () => {
    const { user } = await createUser();
    const response = await call(register.action, "/api/auth/register", {
      method: "POST",
      json: { name: "X", email: user.email, password: "segredo1" },
    });
    expect(response.status).toBe(400);
    expect((await envelope(response)).errors?.email).toEqual(["Este e-mail já está cadastrado"]);
  });
});

describe("POST /api/auth/login", () => {
  it("returns user, subscription and token", async () => {
    const { user, password } = await createUser();
    const response = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: user.email, password },
    });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.message).toBe("Login realizado com sucesso!");
    expect(body.data.user.id).toBe(user.id);
    expect(body.data.subscription.plan_name).toMatch(/^Gratuito/);
    expect(body.data.token).toEqual(expect.any(String));
  });

  it("stores only the token's hash: a database copy's session ids open nothing (ADR 0029)", async () => {
    const { user, password } = await createUser();
    const response = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: user.email, password },
    });
    const { token } = (await envelope(response)).data as { token: string };
    const rows = db().select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    const withStoredId = await call(profile.loader, "/api/auth/profile", { token: rows[0]!.id });
    expect(withStoredId.status).toBe(401);
    expect((await call(profile.loader, "/api/auth/profile", { token })).status).toBe(200);
    const loggedOut = await call(logout.action, "/api/auth/logout", { method: "POST", token });
    expect(loggedOut.status).toBe(200);
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
  });

  it("gives 400 for missing fields and 401 for wrong credentials", async () => {
    const missing = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: "" },
    });
    expect(missing.status).toBe(400);
    expect((await envelope(missing)).message).toBe("Por favor, preencha todos os campos");
    const wrong = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: "ninguem@teste.dev", password: "x" },
      ip: "10.20.30.40",
    });
    expect(wrong.status).toBe(401);
    expect((await envelope(wrong)).message).toBe("E-mail ou senha incorretos");
  });

  it("throttles repeated failures with a 429 and a pt-BR message", async () => {
    const { user, password } = await createUser();
    for (let i = 0; i < 5; i++) {
      await call(login.action, "/api/auth/login", {
        method: "POST",
        json: { email: user.email, password: "x" },
        ip: "10.5.5.5",
      });
    }
    // The address that failed is held back even with the right password (ADR 0014).
    const blocked = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: user.email, password },
      ip: "10.5.5.5",
    });
    expect(blocked.status).toBe(429);
    expect((await envelope(blocked)).message).toMatch(/^Muitas tentativas de login/);
  });
});

describe("/api/auth/profile", () => {
  it("is 401 without a token, and says when the session expired", async () => {
    const none = await call(profile.loader, "/api/auth/profile");
    expect(none.status).toBe(401);
    expect(await envelope(none)).toMatchObject({
      success: false,
      data: null,
      message: "Autenticação necessária. Faça login novamente.",
    });
    const { user } = await createUser();
    const old = createSession(user.id, "api", {}, new Date("2020-01-01"));
    const expired = await call(profile.loader, "/api/auth/profile", { token: old.id });
    expect(expired.status).toBe(401);
    expect((await envelope(expired)).message).toBe("Sua sessão expirou. Faça login novamente.");
  });

  it("returns user, subscription and search stats", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const body = await envelope(await call(profile.loader, "/api/auth/profile", { token }));
    expect(body.data.searchStats).toMatchObject({
      searches_today: 0,
      remaining_searches: 50,
      total_searches: 0,
    });
    expect(body.data.subscription.credits_per_month).toBe(1500);
  });

  it("updates name and e-mail, and the password only with the current one", async () => {
    const { user, password } = await createUser();
    const token = createSession(user.id, "api").id;
    const bad = await call(profile.action, "/api/auth/profile", {
      method: "PUT",
      token,
      json: { name: " ", email: "" },
    });
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).errors).toMatchObject({
      name: ["Nome é obrigatório"],
      email: ["Email é obrigatório"],
    });
    const noCurrent = await call(profile.action, "/api/auth/profile", {
      method: "PUT",
      token,
      json: { name: "Novo", email: user.email, password: "novasenha" },
    });
    expect((await envelope(noCurrent)).message).toBe(
      "Senha atual é obrigatória para alterar a senha",
    );
    const good = await call(profile.action, "/api/auth/profile", {
      method: "PUT",
      token,
      json: {
        name: " Nome Novo ",
        email: user.email,
        password: "novasenha",
        current_password: password,
      },
    });
    expect(good.status).toBe(200);
    expect(await envelope(good)).toMatchObject({
      message: "Perfil atualizado com sucesso!",
      data: { user: { name: "Nome Novo" } },
    });
  });

  it("refuses an e-mail change without the right current password", async () => {
    const { user, password } = await createUser();
    const token = createSession(user.id, "api").id;
    const put = (json: unknown) =>
      call(profile.action, "/api/auth/profile", { method: "PUT", token, json });
    const newEmail = `outro-${user.email}`;
    const missing = await put({ name: "X", email: newEmail });
    expect(missing.status).toBe(400);
    expect(await envelope(missing)).toMatchObject({
      success: false,
      message: "Informe a senha atual para alterar o e-mail",
      errors: { current_password: ["Informe a senha atual para alterar o e-mail"] },
    });
    const wrong = await put({ name: "X", email: newEmail, current_password: "errada" });
    expect(wrong.status).toBe(400);
    expect((await envelope(wrong)).errors).toEqual({ current_password: ["Senha atual incorreta"] });
    const me = await envelope(await call(profile.loader, "/api/auth/profile", { token }));
    expect(me.data.user.email).toBe(user.email);
    const good = await put({ name: "X", email: newEmail, current_password: password });
    expect(good.status).toBe(200);
    expect((await envelope(good)).data.user.email).toBe(newEmail);
  });

  it("keeps the token changing the password and revokes the user's other sessions", async () => {
    const { user, password } = await createUser();
    const token = createSession(user.id, "api").id;
    const otherToken = createSession(user.id, "api").id;
    const web = createSession(user.id, "web").id;
    const changed = await call(profile.action, "/api/auth/profile", {
      method: "PUT",
      token,
      json: { name: "X", email: user.email, password: "nova-senha", current_password: password },
    });
    expect(changed.status).toBe(200);
    expect((await call(profile.loader, "/api/auth/profile", { token })).status).toBe(200);
    const stolen = await call(profile.loader, "/api/auth/profile", { token: otherToken });
    expect(stolen.status).toBe(401);
    expect(findSessionUser(web).status).toBe("missing");
  });

  it("does not accept a web session id as a bearer token", async () => {
    const { user } = await createUser();
    const web = createSession(user.id, "web");
    expect((await call(profile.loader, "/api/auth/profile", { token: web.id })).status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the bearer token: a later request with it is 401", async () => {
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    const other = createSession(user.id, "api").id;
    const response = await call(logout.action, "/api/auth/logout", { method: "POST", token });
    expect(response.status).toBe(200);
    expect(await envelope(response)).toMatchObject({
      success: true,
      message: "Logout realizado com sucesso",
    });
    expect((await call(profile.loader, "/api/auth/profile", { token })).status).toBe(401);
    expect((await call(profile.loader, "/api/auth/profile", { token: other })).status).toBe(200);
  });

  it("ends a cookie session and clears the cookie", async () => {
    const { user } = await createUser();
    const request = new Request("http://localhost/login");
    const cookie = (await commitWebSession(user, request, "127.0.0.1")).split(";")[0]!;
    expect((await call(profile.loader, "/api/auth/profile", { cookie })).status).toBe(200);
    const response = await call(logout.action, "/api/auth/logout", {
      method: "POST",
      cookie,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^__session=;/);
    expect((await call(profile.loader, "/api/auth/profile", { cookie })).status).toBe(401);
  });

  it("is 401 when not signed in, or signed out already, and 405 for a GET", async () => {
    const anonymous = await call(logout.action, "/api/auth/logout", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect((await envelope(anonymous)).message).toBe(
      "Autenticação necessária. Faça login novamente.",
    );
    const { user } = await createUser();
    const token = createSession(user.id, "api").id;
    await call(logout.action, "/api/auth/logout", { method: "POST", token });
    const again = await call(logout.action, "/api/auth/logout", { method: "POST", token });
    expect(again.status).toBe(401);
    expect((await call(logout.loader, "/api/auth/logout", { token })).status).toBe(405);
  });
});

describe("public endpoints", () => {
  it("lists active plans with prices in reais", async () => {
    const body = await envelope(await call(plansRoute.loader, "/api/auth/plans"));
    const names = body.data.map((p: { name: string }) => p.name);
    expect(names).toContain("Profissional API");
    expect(names).not.toContain("Antigo");
    expect(body.data.find((p: { name: string }) => p.name === "Profissional API")).toMatchObject({
      price: 49.9,
      credits_per_month: 6000,
    });
  });

  it("serves real counters and SEO defaults", async () => {
    const counters = await envelope(await call(overview.loader, "/api/public/overview"));
    expect(counters.data).toEqual({
      total_parts: 0,
      total_vehicles: 0,
      total_alternative_codes: 0,
      daily_searches: 0,
      active_users: expect.any(Number),
    });
    const settings = await envelope(await call(seo.loader, "/api/public/seo"));
    expect(settings.data).toMatchObject({
      site_name: "Encaixa",
      // No description saved: the catalogue's, long enough to describe the site (ADR 0058).
      site_description: messages.seoPages.defaultDescription,
    });
  });

  it("answers unknown /api paths with a 404 envelope", async () => {
    const response = await call(unknown.loader, "/api/nada");
    expect(response.status).toBe(404);
    expect((await envelope(response)).success).toBe(false);
  });
});
