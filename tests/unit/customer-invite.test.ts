import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets, users } from "~db/schema";
import { waitForJob } from "~/jobs/index.server";
import { INVITE_LINK_DAYS } from "~/models/accounts/customer-invite.server";
import { createSession } from "~/models/accounts/session.server";
import { verifyCredentials } from "~/models/accounts/user.server";
import * as messages from "~/messages";
import * as login from "~/routes/accounts/api.auth.login";
import * as resetApi from "~/routes/accounts/api.auth.reset-password";
import * as customersIndex from "~/routes/accounts/api.customers._index";
import * as newCustomerPage from "~/routes/accounts/_app.customers.new";
import { customerCreateSchema } from "~/schemas/accounts/customer";
import { db } from "~/utils/db.server";
import {
  createFreePlan,
  createUser,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { call, envelope } from "../support/routes";
import { deliverMailToTestSmtp } from "../support/mail-delivery";

/**
 * POST /api/customers and /customers/new with the spec's fields alone (issue #28, ADR 0054): no
 * password → the customer is mailed a link to set one (through the real outbox, job and an SMTP
 * server), the link sets it, and the customer signs in; hostile requests change nothing.
 */

const delivery = deliverMailToTestSmtp();
let adminToken = "";
let admin: Awaited<ReturnType<typeof createUser>>["user"];
let n = 0;
const email = () => `oficina${++n}.${Date.now()}@cliente.dev`;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  createFreePlan();
  ({ user: admin } = await createUser({ role: "admin" }));
  adminToken = createSession(admin.id, "api").id;
});

const create = (json: unknown, init: { headers?: Record<string, string>; body?: string } = {}) =>
  call(customersIndex.action, "/api/customers", {
    method: "POST",
    token: adminToken,
    ...(init.body === undefined ? { json } : { body: init.body }),
    headers: init.headers,
  });

const invites = () =>
  db().select().from(mailOutbox).where(eq(mailOutbox.kind, "customer_invite")).all();
const userByEmail = (address: string) =>
  db().select().from(users).where(eq(users.email, address)).get();

function tokenOf(text: string): string {
  const match = /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error("no link in the message");
  return match[1]!;
}

describe("POST /api/customers without a password", () => {
  it("creates the customer, mails one link that sets the password, and the customer signs in", async () => {
    const address = email();
    const response = await create({
      name: "Auto Peças Lima",
      email: address,
      phone: "11 99999-0000",
    });
    expect(response.status).toBe(201);
    const body = await envelope(response);
    expect(body.message).toBe(
      `Cliente criado. Enviamos um e-mail para ${address} definir a senha.`,
    );
    expect(body.data).toMatchObject({ name: "Auto Peças Lima", email: address, status: "active" });

    const [row, ...more] = invites();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      to: address,
      eventKey: expect.stringMatching(/^customer-invite:\d+$/),
    });
    expect((await waitForJob(`mail.deliver:${row!.id}`)).status).toBe("completed");
    expect(delivery.smtp.received).toHaveLength(1);
    const [mail] = delivery.smtp.received;
    expect(mail!.envelopeTo).toEqual([address]);
    expect(mail!.parsed.subject).toBe(
      messages.customerInvite.mailSubject(messages.app.defaultSiteName),
    );
    expect(mail!.parsed.text).toContain(
      messages.customerInvite.mailIntro(messages.app.defaultSiteName),
    );
    const token = tokenOf(mail!.parsed.text ?? "");

    // Valid for a week, not the reset link's 30 minutes.
    const customer = userByEmail(address)!;
    const link = db()
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, customer.id))
      .get()!;
    const validMs = link.expiresAt.getTime() - link.createdAt.getTime();
    expect(validMs).toBe(INVITE_LINK_DAYS * 24 * 60 * 60_000);

    // No password works before the link is used.
    expect(await verifyCredentials(address, "")).toBeFalsy();
    const signInBefore = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: address, password: "qualquer-uma" },
      ip: freshIp(),
    });
    expect(signInBefore.status).toBe(401);

    const set = await call(resetApi.action, "/api/auth/reset-password", {
      method: "POST",
      json: { token, password: "minha-senha-1" },
      ip: freshIp(),
    });
    expect(set.status).toBe(200);
    const signIn = await call(login.action, "/api/auth/login", {
      method: "POST",
      json: { email: address, password: "minha-senha-1" },
      ip: freshIp(),
    });
    expect(signIn.status).toBe(200);
    expect((await envelope(signIn)).data.token).toEqual(expect.any(String));

    // The link works once.
    const again = await call(resetApi.action, "/api/auth/reset-password", {
      method: "POST",
      json: { token, password: "outra-senha-2" },
      ip: freshIp(),
    });
    expect(again.status).toBe(400);
    expect(invites()).toHaveLength(1);
  });

  it("with a password, as before: no message, the admin's password signs in", async () => {
    const address = email();
    const response = await create({ name: "Mecânica Sul", email: address, password: "segredo-9" });
    expect(response.status).toBe(201);
    expect((await envelope(response)).message).toBe(messages.customersAdmin.created);
    expect(invites()).toEqual([]);
    expect(await verifyCredentials(address, "segredo-9")).toBeTruthy();
  });

  it("an inactive customer gets no link it could not use, and the answer says how to give one", async () => {
    const address = email();
    const response = await create({ name: "Oficina Parada", email: address, status: "inactive" });
    expect(response.status).toBe(201);
    expect((await envelope(response)).message).toBe(messages.customerInvite.createdInactive);
    expect(invites()).toEqual([]);
  });

  it("a password given must still have 6 characters", async () => {
    const address = email();
    const response = await create({ name: "Curta", email: address, password: "123" });
    expect(response.status).toBe(400);
    expect((await envelope(response)).message).toBe("A senha deve ter pelo menos 6 caracteres");
    expect(userByEmail(address)).toBeUndefined();
  });
});

describe("hostile requests change nothing", () => {
  it("the same e-mail twice at once: one customer, one message, the other a refusal in pt-BR", async () => {
    const address = email();
    const answers = await Promise.all([
      create({ name: "Dupla A", email: address }),
      create({ name: "Dupla B", email: address }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const refused = answers.find((answer) => answer.status !== 201)!;
    expect((await envelope(refused)).message).toMatch(/e-mail/i);
    expect(db().select().from(users).where(eq(users.email, address)).all()).toHaveLength(1);
    expect(invites()).toHaveLength(1);
  });

  it("bad JSON is a 400, another content type a 415, an empty body the required fields", async () => {
    const bad = await create(null, {
      body: '{"name": "X", "email":',
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).message).toBe(messages.api.invalidJson);
    const text = await create(null, {
      body: JSON.stringify({ name: "X", email: email() }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const empty = await create({});
    expect(empty.status).toBe(400);
    expect((await envelope(empty)).message).toBe("Nome e e-mail são obrigatórios");
    const array = await create([{ name: "X", email: email() }]);
    expect(array.status).toBe(400);
    expect(invites()).toEqual([]);
  });

  it("a cross-site post signed by the admin's cookie is a 403 and creates nothing", async () => {
    const address = email();
    const { Cookie } = await sessionHeaders(admin, "web");
    const response = await call(customersIndex.action, "/api/customers", {
      method: "POST",
      cookie: Cookie,
      json: { name: "Intrusa", email: address },
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(userByEmail(address)).toBeUndefined();
    expect(invites()).toEqual([]);
  });
});

describe("/customers/new", () => {
  it("the one schema takes the spec's fields alone; a short password is still refused", () => {
    expect(customerCreateSchema.safeParse({ name: "A", email: "a@b.co" })).toMatchObject({
      success: true,
      data: { password: null },
    });
    expect(
      customerCreateSchema.safeParse({ name: "A", email: "a@b.co", password: "" }).data,
    ).toMatchObject({ password: null });
    const short = customerCreateSchema.safeParse({ name: "A", email: "a@b.co", password: "12" });
    expect(short.error?.issues[0]?.message).toBe("A senha deve ter pelo menos 6 caracteres");
  });

  it("without a password: created, the link mailed, and the notice names the e-mail", async () => {
    const address = email();
    const response = await invoke(newCustomerPage.action, "/customers/new", {
      method: "POST",
      headers: await postHeaders(admin),
      body: new URLSearchParams({ name: "Retífica Norte", email: address, password: "" }),
    });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe(messages.customerInvite.created(address));
    expect(invites().map((row) => row.to)).toEqual([address]);
  });
});
