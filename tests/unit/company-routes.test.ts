import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity, companyIdentity as companyTable } from "~db/schema";
import * as messages from "~/messages";
import { createSession } from "~/models/accounts/session.server";
import { companyIdentity, saveCompanyIdentity } from "~/models/company/company.server";
import type { User } from "~/models/accounts/user.server";
import * as adminRoute from "~/routes/dashboard/_app.admin";
import * as companyApi from "~/routes/dashboard/api.settings.company";
import { NO_COMPANY } from "~/schemas/company/company";
import { commitWebSession } from "~/server/auth.server";
import { db } from "~/utils/db.server";
import { createUser, invoke, postHeaders, sessionHeaders, toastOf } from "../support/factories";
import { call, envelope } from "../support/routes";
import { COMPANY_AS_TYPED } from "../support/company";

const m = messages.company;
const PATH = "/api/settings/company";

let admin: User;
let customer: User;
let adminToken: string;
let userToken: string;
let adminCookie: string;

beforeAll(async () => {
  admin = (await createUser({ role: "admin", name: "Admin Empresa" })).user;
  customer = (await createUser({ name: "Cliente Empresa" })).user;
  adminToken = createSession(admin.id, "api").id;
  userToken = createSession(customer.id, "api").id;
  const setCookie = await commitWebSession(admin, new Request("http://localhost/"), "127.0.0.1");
  adminCookie = setCookie.split(";")[0]!;
});

beforeEach(() => {
  db().delete(companyTable).run();
});

/** The stored row as text, so any write shows. */
const storedRow = () => JSON.stringify(db().select().from(companyTable).all());

const put = (json: unknown, token = adminToken) =>
  call(companyApi.action, PATH, { method: "PUT", json, token });

const COMPANY = {
  legal_name: "Encaixa Tecnologia Ltda",
  cnpj: "34.567.890/0001-30",
  address: "Av. Paulista, 1000 — Sala 12",
  city: "São Paulo",
  state: "SP",
  postal_code: "01310-100",
  email: "contato@encaixa.com.br",
  whatsapp: "(11) 98765-4321",
};

describe("GET/PUT /api/settings/company", () => {
  it("is for admins only: 401 anonymous, 403 customers, nothing changes", async () => {
    expect(companyApi.access).toEqual({ GET: ["admin"], PUT: ["admin"] });
    expect((await call(companyApi.loader, PATH)).status).toBe(401);
    expect((await call(companyApi.loader, PATH, { token: userToken })).status).toBe(403);
    expect((await put(COMPANY, userToken)).status).toBe(403);
    expect(storedRow()).toBe("[]");
  });

  it("answers nothing set on a new install", async () => {
    const body = await envelope(await call(companyApi.loader, PATH, { token: adminToken }));
    expect(body.data).toEqual({
      legal_name: null,
      cnpj: null,
      address: null,
      city: null,
      state: null,
      postal_code: null,
      email: null,
      whatsapp: null,
      updated_at: null,
    });
  });

  it("saves normalised, keeps fields left out, clears with null, records the activity", async () => {
    const response = await put(COMPANY);
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.message).toBe(m.saved);
    expect(body.data).toMatchObject({
      legal_name: "Encaixa Tecnologia Ltda",
      cnpj: "34567890000130",
      postal_code: "01310100",
      whatsapp: "11987654321",
    });
    const changed = await envelope(await put({ email: "financeiro@encaixa.com.br", city: null }));
    expect(changed.data).toMatchObject({
      legal_name: "Encaixa Tecnologia Ltda",
      email: "financeiro@encaixa.com.br",
      city: null,
    });
    const logged = db()
      .select()
      .from(activity)
      .where(eq(activity.entity, "company_identity"))
      .all();
    expect(logged.at(-1)).toMatchObject({ actorId: admin.id, action: m.activitySaved });
  });

  it("400 with pt-BR errors under the API's names; nothing changes", async () => {
    const response = await put({
      ...COMPANY,
      cnpj: "34.567.890/0001-31",
      postal_code: "123",
      whatsapp: "12345",
      state: "ZZ",
      legal_name: "x".repeat(151),
    });
    expect(response.status).toBe(400);
    const body = await envelope(response);
    expect(body.errors).toMatchObject({
      cnpj: [messages.documents.cnpjInvalid],
      postal_code: [m.errors.postalCodeInvalid],
      whatsapp: [m.errors.whatsappInvalid],
      state: [m.errors.stateInvalid],
      legal_name: [m.errors.tooLong(m.fields.legalName, 150)],
    });
    expect(storedRow()).toBe("[]");
    // A field of the wrong type is named by its API name too.
    const typed = await envelope(await put({ ...COMPANY, cnpj: 34567890000130 }));
    expect(typed.errors).toMatchObject({ cnpj: [m.errors.invalidText(m.fields.cnpj)] });
    expect(storedRow()).toBe("[]");
  });

  it("malformed JSON 400, a body that is not the object 400, nothing changes", async () => {
    const broken = await call(companyApi.action, PATH, {
      method: "PUT",
      token: adminToken,
      body: "{legal_name:",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await envelope(broken)).message).toBe(messages.api.invalidJson);
    for (const json of [[], "texto", 42, null, { outro: 1 }]) {
      const response = await put(json);
      expect(response.status).toBe(400);
      expect((await envelope(response)).message).toBe(m.errors.nothingToSave);
    }
    expect(storedRow()).toBe("[]");
  });

  it("415 for a body that is not JSON, 405 for another method", async () => {
    const form = await call(companyApi.action, PATH, {
      method: "PUT",
      token: adminToken,
      body: "legal_name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await envelope(form)).message).toBe(messages.api.jsonRequired);
    for (const method of ["POST", "PATCH", "DELETE"]) {
      const response = await call(companyApi.action, PATH, {
        method,
        token: adminToken,
        json: COMPANY,
      });
      expect(response.status).toBe(405);
    }
    expect(storedRow()).toBe("[]");
  });

  it("a cross-site write signed by the admin's cookie is a 403; from the app's pages it saves", async () => {
    const send = (headers: Record<string, string>) =>
      call(companyApi.action, PATH, { method: "PUT", cookie: adminCookie, json: COMPANY, headers });
    expect((await send({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send({ Origin: "https://evil.example" })).status).toBe(403);
    expect(storedRow()).toBe("[]");
    expect((await send({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect(companyIdentity().legalName).toBe("Encaixa Tecnologia Ltda");
  });
});

// --- The dashboard's "Empresa" tab --------------------------------------------------------------

async function postTab(fields: Record<string, string>, user = admin, headers = {}) {
  return invoke(adminRoute.action, "/admin?tab=empresa", {
    method: "POST",
    body: new URLSearchParams({ intent: "company", ...fields }).toString(),
    headers: { ...(await postHeaders(user)), ...headers },
  });
}

const FORM = COMPANY_AS_TYPED;

type Reply = {
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown>;
};

describe("the dashboard's Empresa tab", () => {
  it("loads the saved identity for ?tab=empresa", async () => {
    saveCompanyIdentity({ ...NO_COMPANY, legalName: "Na aba", cnpj: "11222333000181" }, admin.id);
    const response = await invoke(adminRoute.loader, "/admin?tab=empresa", {
      headers: await sessionHeaders(admin, "web"),
    });
    const body = (await response.json()) as {
      view: { tab: string; company: Record<string, unknown> };
    };
    expect(body.view.tab).toBe("empresa");
    expect(body.view.company).toMatchObject({ legalName: "Na aba", cnpj: "11222333000181" });
  });

  it("saves a valid form (a plain post) and says so with a toast on /admin?tab=empresa", async () => {
    const response = await postTab(FORM);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=empresa");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: m.saved });
    expect(companyIdentity()).toMatchObject({ cnpj: "34567890000130", whatsapp: "11987654321" });
  });

  it("refuses bad fields with 400, pt-BR messages and the typed values; nothing changes", async () => {
    const response = await postTab({ ...FORM, cnpj: "12.345.678/0001-00", email: "nada" });
    expect(response.status).toBe(400);
    const { intent, reply } = (await response.json()) as { intent: string; reply: Reply };
    expect(intent).toBe("company");
    expect(reply.error).toMatchObject({
      cnpj: [messages.documents.cnpjInvalid],
      email: [m.errors.emailInvalid],
    });
    expect(reply.initialValue).toMatchObject({ cnpj: "12.345.678/0001-00", email: "nada" });
    expect(storedRow()).toBe("[]");
  });

  it("control characters and oversized fields are a 4xx, never a 500", async () => {
    const control = await postTab({ ...FORM, legalName: "Encaixa\u0000Ltda" });
    expect(control.status).toBeGreaterThanOrEqual(400);
    expect(control.status).toBeLessThan(500);
    const huge = await postTab({ ...FORM, address: "A".repeat(70_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(storedRow()).toBe("[]");
  });

  it("sends a customer to /home and changes nothing; a cross-site post changes nothing", async () => {
    const asCustomer = await postTab(FORM, customer);
    expect(asCustomer.headers.get("Location")).toBe("/home");
    const crossSite = await postTab(FORM, admin, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(storedRow()).toBe("[]");
  });
});
