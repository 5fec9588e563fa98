import { env } from "~/utils/env.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatewayConfigs, subscriptions } from "~db/schema";
import * as messages from "~/messages";
import { readGatewayConfig } from "~/models/payments/gateway-config.server";
import type { User } from "~/models/accounts/user.server";
import * as route from "~/routes/payments/_app.payment-methods/route";
import { db } from "~/utils/db.server";
import {
  createInvoiceFor,
  createPlan,
  createUser,
  FORM,
  invoke as invokeRoute,
  postHeaders,
  sessionHeaders,
  toastOf,
  type RouteHandler,
} from "../support/factories";
import { startPaymentSimulators, type PaymentSimulators } from "../support/payment-simulators";
import { productionHandler } from "../support/route-manifest";

/** The app's own address given to the providers (no APP_URL in tests): never the request's Host. */
const LOCAL = `http://localhost:${env().PORT}`;

const m = messages.invoicesAdmin.methods;
const p = messages.payments;

const MP = {
  publicKey: "APP_USR-public-4f1c2d3e",
  accessToken: "APP_USR-8812345678901234-secret-access-token-QWERTY",
  webhookSecret: "whsec-9f8e7d6c5b4a39281706f5e4d3c2b1a0-SIGNING",
};
const PH = { apiKey: "apk_live-secret-key-ZXCVBNM-0987", token: "PHTOKEN0SECRET0ASDFGHJKL0123456" };
const SECRETS = [MP.accessToken, MP.webhookSecret, PH.apiKey, PH.token];

// --- Calling the route --------------------------------------------------------------------------

/** The page's loader or action, at /payment-methods. */
const invoke = (handler: RouteHandler, init: Parameters<typeof invokeRoute>[2] = {}) =>
  invokeRoute(handler, "/payment-methods", init);

let admin: User;
let customer: User;
const web = (user: User) => sessionHeaders(user, "web");

async function post(fields: Record<string, string>, user = admin) {
  return invoke(route.action, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: await postHeaders(user),
  });
}

type Reply = { status?: string; error?: Record<string, string[] | null> | null };
async function replyOf(response: Response) {
  return (await response.json()) as { intent: string | null; reply: Reply | null };
}

/** Both gateways' stored rows: ciphertext and time, so any write shows. */
const storedRows = () => JSON.stringify(db().select().from(gatewayConfigs).all());

// --- The page as the server renders it ----------------------------------------------------------

const OWN_ROUTES = new Set(["routes/_app", "routes/_app.payment-methods"]);
const handle = await productionHandler({ routes: OWN_ROUTES });

async function page(init: { method?: string; body?: string } = {}) {
  const headers: Record<string, string> = { Host: "localhost", ...(await web(admin)) };
  if (init.method === "POST")
    Object.assign(headers, { Origin: "http://localhost", "Content-Type": FORM });
  const response = await handle(
    new Request("http://localhost/payment-methods", {
      method: init.method ?? "GET",
      headers,
      body: init.body,
    }),
  );
  return { status: response.status, text: await response.text() };
}

// --- The providers: local simulators that accept only the credentials above ---------------------

let sims: PaymentSimulators;

beforeAll(async () => {
  sims = await startPaymentSimulators({ credentials: { mercadopago: MP, paghiper: PH } });
  admin = (await createUser({ role: "admin", name: "Admin Pagamentos" })).user;
  customer = (await createUser({ name: "Cliente Pagamentos" })).user;
  // Whatever the boot or the helper above configured, these tests start from nothing.
  db().delete(gatewayConfigs).run();
});

afterAll(async () => {
  await sims.stop();
});

const saveMp = (fields: Partial<Record<string, string>> = {}) =>
  post({
    intent: "save-mercadopago",
    publicKey: MP.publicKey,
    accessToken: "",
    webhookSecret: "",
    notificationUrl: "",
    ...fields,
  } as Record<string, string>);

describe("before anything is configured", () => {
  it("declares that only admins may open it, and sends a customer to /home", async () => {
    expect(route.access).toEqual(["admin"]);
    const read = await invoke(route.loader, { headers: await web(customer) });
    expect(read.headers.get("Location")).toBe("/home");
    const write = await post(
      { intent: "save-paghiper", apiKey: "x".repeat(20), token: "y".repeat(20) },
      customer,
    );
    expect(write.headers.get("Location")).toBe("/home");
    expect(readGatewayConfig("paghiper")).toBeNull();
  });

  it("saving Mercado Pago without any token: 'Access Token é obrigatório' on the field", async () => {
    const response = await saveMp({ webhookSecret: MP.webhookSecret });
    expect(response.status).toBe(400);
    const { intent, reply } = await replyOf(response);
    expect(intent).toBe("save-mercadopago");
    expect(reply?.error?.accessToken).toEqual([p.accessTokenRequired]);
    expect(p.accessTokenRequired).toBe("Access Token é obrigatório");
    expect(readGatewayConfig("mercadopago")).toBeNull();
  });

  it("saving PagHiper without its keys is refused on the fields", async () => {
    const response = await post({ intent: "save-paghiper", apiKey: "", token: "" });
    expect(response.status).toBe(400);
    expect((await replyOf(response)).reply?.error?.apiKey).toEqual([p.pagHiperKeysRequired]);
    expect(readGatewayConfig("paghiper")).toBeNull();
  });

  it("'Testar conexão' says what is missing", async () => {
    const mp = await post({ intent: "test-mercadopago", accessToken: "" });
    expect(mp.status).toBe(400);
    expect((await replyOf(mp)).reply?.error?.accessToken).toEqual([p.accessTokenRequired]);
    const ph = await post({ intent: "test-paghiper" });
    expect(ph.status).toBe(400);
    expect((await replyOf(ph)).reply?.error?.[""]).toEqual([p.pagHiperNotConfigured]);
  });

  it("the page offers PagHiper's test only once it is configured", async () => {
    const { status, text } = await page();
    expect(status).toBe(200);
    expect(text).toContain(m.testNeedsConfig);
    expect(text).toMatch(/<button[^>]*disabled=""[^>]*>Testar conexão<\/button>/);
  });
});

describe("saving the gateways", () => {
  it("saves Mercado Pago and PagHiper, each with a toast", async () => {
    const mp = await saveMp({
      accessToken: MP.accessToken,
      webhookSecret: MP.webhookSecret,
      sandboxMode: "on",
    });
    expect(mp.status).toBe(302);
    expect(mp.headers.get("Location")).toBe("/payment-methods");
    expect(await toastOf(mp)).toEqual({
      type: "success",
      message: m.saved(m.mercadoPago.title),
    });
    expect(readGatewayConfig("mercadopago")).toEqual({
      ...MP,
      sandboxMode: true,
      notificationUrl: "",
    });

    const ph = await post({ intent: "save-paghiper", ...PH });
    expect(ph.status).toBe(302);
    expect(readGatewayConfig("paghiper")).toEqual(PH);
  });

  it("the loader shows the secrets masked, never the secrets", async () => {
    const response = await invoke(route.loader, { headers: await web(admin) });
    const raw = await response.text();
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
    const data = JSON.parse(raw) as Awaited<ReturnType<typeof route.loader>>;
    expect(data.mercadopago).toMatchObject({
      configured: true,
      publicKey: MP.publicKey,
      accessTokenMasked: `••••••••${MP.accessToken.slice(-4)}`,
      webhookSecretMasked: `••••••••${MP.webhookSecret.slice(-4)}`,
      sandboxMode: true,
    });
    expect(data.paghiper).toMatchObject({
      configured: true,
      apiKeyMasked: `••••••••${PH.apiKey.slice(-4)}`,
      tokenMasked: `••••••••${PH.token.slice(-4)}`,
    });
    expect(data.webhooks).toEqual({
      mercadopago: `${LOCAL}/api/webhooks/mercadopago`,
      paghiper: `${LOCAL}/api/webhooks/paghiper`,
    });
  });

  it("the rendered page holds no secret: empty password inputs with the mask as placeholder", async () => {
    const { status, text } = await page();
    expect(status).toBe(200);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const secretInputs = [...text.matchAll(/<input[^>]*type="password"[^>]*>/g)].map(
      ([tag]) => tag,
    );
    // Access token, webhook secret, the test's optional token, API key and token.
    expect(secretInputs).toHaveLength(5);
    for (const tag of secretInputs) {
      expect(tag).toMatch(/value=""|^(?!.*value=)/);
      expect(tag).toContain('placeholder="••••••••');
    }
    expect(text).toContain(MP.publicKey);
    expect(text).toMatch(/<input[^>]*name="sandboxMode"[^>]*checked=""/);
    expect(text).toContain(`${LOCAL}/api/webhooks/mercadopago`);
    expect(text).not.toContain(m.testNeedsConfig);
  });

  it("a blank secret keeps the stored one; the other fields change", async () => {
    const response = await saveMp({ publicKey: "APP_USR-public-NEW", notificationUrl: "" });
    expect(response.status).toBe(302);
    expect(readGatewayConfig("mercadopago")).toEqual({
      ...MP,
      publicKey: "APP_USR-public-NEW",
      sandboxMode: false,
      notificationUrl: "",
    });
    const ph = await post({ intent: "save-paghiper", apiKey: "", token: "" });
    expect(ph.status).toBe(302);
    expect(readGatewayConfig("paghiper")).toEqual(PH);
    // A new token alone replaces only the token.
    await post({ intent: "save-paghiper", apiKey: "", token: "OTHERTOKEN0000000000" });
    expect(readGatewayConfig("paghiper")).toEqual({ ...PH, token: "OTHERTOKEN0000000000" });
    await post({ intent: "save-paghiper", apiKey: "", token: PH.token });
    expect(readGatewayConfig("paghiper")).toEqual(PH);
  });

  it("a refused save shows the field's error and never sends the typed secret back", async () => {
    const typed = "APP_USR-typed-but-refused-0000000000000";
    const before = storedRows();
    const response = await saveMp({ accessToken: typed, notificationUrl: "ftp://nope" });
    expect(response.status).toBe(400);
    const raw = await response.text();
    expect(raw).not.toContain(typed);
    expect((JSON.parse(raw) as { reply: Reply }).reply.error?.notificationUrl).toEqual([
      p.invalidUrl,
    ]);
    const rendered = await page({
      method: "POST",
      body: new URLSearchParams({
        intent: "save-mercadopago",
        publicKey: "x",
        accessToken: typed,
        webhookSecret: typed,
        notificationUrl: "ftp://nope",
      }).toString(),
    });
    expect(rendered.status).toBe(400);
    expect(rendered.text).toContain(p.invalidUrl);
    expect(rendered.text).not.toContain(typed);
    for (const secret of SECRETS) expect(rendered.text).not.toContain(secret);
    expect(storedRows()).toBe(before);
  });
});

describe("Testar conexão", () => {
  it("Mercado Pago with the stored token: 'Conexão OK' and the account", async () => {
    const response = await post({ intent: "test-mercadopago", accessToken: "" });
    expect(response.status).toBe(302);
    const toast = await toastOf(response);
    expect(toast?.type).toBe("success");
    expect(toast?.message).toMatch(/^Conexão OK: TESTUSER\d+$/);
  });

  it("Mercado Pago with a typed token it refuses: the failure on the form, the token not echoed", async () => {
    const typed = "APP_USR-wrong-token-1111111111111111";
    const response = await post({ intent: "test-mercadopago", accessToken: typed });
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).not.toContain(typed);
    const { intent, reply } = JSON.parse(raw) as { intent: string; reply: Reply };
    expect(intent).toBe("test-mercadopago");
    expect(reply.error?.[""]).toEqual([`${p.testFailed}: ${p.tokenInvalid}`]);
  });

  it("PagHiper with the stored keys: accepted", async () => {
    const response = await post({ intent: "test-paghiper" });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({ type: "success", message: p.pagHiperTestOk });
  });
});

describe("hostile posts change nothing", () => {
  it("a post from another site: 403", async () => {
    const before = storedRows();
    for (const origin of ["https://evil.example", "null"]) {
      const response = await invoke(route.action, {
        method: "POST",
        body: new URLSearchParams({
          intent: "save-paghiper",
          apiKey: "EVILKEY00000000000",
          token: "EVILTOKEN000000000",
        }).toString(),
        headers: { ...(await postHeaders(admin)), Origin: origin },
      });
      expect(response.status).toBe(403);
    }
    const fetchSite = await invoke(route.action, {
      method: "POST",
      body: "intent=save-mercadopago&publicKey=x&accessToken=EVILTOKEN000000000",
      headers: { ...(await web(admin)), "Sec-Fetch-Site": "cross-site", "Content-Type": FORM },
    });
    expect(fetchSite.status).toBe(403);
    expect(storedRows()).toBe(before);
  });

  it.each([
    [
      "JSON",
      JSON.stringify({
        intent: "save-paghiper",
        apiKey: "JSONKEY0000000",
        token: "JSONTOKEN000000",
      }),
      "application/json",
      415,
    ],
    ["text", "intent=save-paghiper&apiKey=TEXTKEY00000&token=TEXTTOKEN0000", "text/plain", 415],
    ["no type", "intent=save-paghiper&apiKey=NOTYPE000000&token=NOTYPE000000", "", 415],
    [
      "a multipart body cut short",
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave-pag',
      "multipart/form-data; boundary=x",
      400,
    ],
    [
      "a Conform intent that is not JSON",
      "intent=save-paghiper&apiKey=CONFORMKEY000&__intent__=%7Bnope",
      FORM,
      400,
    ],
    ["an unknown intent", "intent=drop-tables&apiKey=UNKNOWNKEY000&token=UNKNOWNTOKEN0", FORM, 400],
    ["no intent", "apiKey=NOINTENTKEY000&token=NOINTENTTOKEN0", FORM, 400],
    [
      "a secret too long",
      `intent=save-paghiper&apiKey=${"K".repeat(400)}&token=LONGTOKEN000`,
      FORM,
      400,
    ],
    [
      "sandboxMode that is no flag",
      "intent=save-mercadopago&publicKey=x&sandboxMode=maybe",
      FORM,
      400,
    ],
  ])("%s: %s", async (_, body, type, status) => {
    const before = storedRows();
    const headers: Record<string, string> = await postHeaders(admin, type);
    if (!type) delete headers["Content-Type"];
    const response = await invoke(route.action, { method: "POST", body, headers });
    expect(response.status).toBe(status);
    expect(storedRows()).toBe(before);
  });
});

describe("the figures", () => {
  it("counts invoices by status and by gateway, and lists the latest with a link to the list", async () => {
    const plan = createPlan({ name: "Plano Números", priceCents: 5000 });
    const base = { planId: plan.id, amountCents: 5000 };
    createInvoiceFor(customer.id, { ...base, gateway: "mercadopago" });
    createInvoiceFor(customer.id, {
      ...base,
      gateway: "mercadopago",
      status: "pending",
      paidAt: null,
    });
    // A manual invoice is counted by how it was paid: its subscription's method.
    const transfer = db()
      .insert(subscriptions)
      .values({ userId: customer.id, planId: plan.id, paymentMethod: "bank_transfer" })
      .returning()
      .get();
    createInvoiceFor(customer.id, { ...base, gateway: "manual", subscriptionId: transfer.id });
    const last = createInvoiceFor(customer.id, {
      ...base,
      gateway: "paghiper_pix",
      amountCents: 2500,
      externalReference: "ENC-NUMEROS-ULTIMA",
      updatedAt: new Date(Date.now() + 60_000),
    });
    const response = await invoke(route.loader, { headers: await web(admin) });
    const { figures } = (await response.json()) as Awaited<ReturnType<typeof route.loader>>;
    expect(figures.byStatus).toEqual(
      expect.arrayContaining([
        { status: "approved", invoices: 3, amountCents: 12500 },
        { status: "pending", invoices: 1, amountCents: 5000 },
      ]),
    );
    expect(figures.byGateway).toEqual(
      expect.arrayContaining([
        {
          gateway: "mercadopago",
          paymentMethod: null,
          invoices: 2,
          approved: 1,
          approvedCents: 5000,
        },
        {
          gateway: "paghiper_pix",
          paymentMethod: null,
          invoices: 1,
          approved: 1,
          approvedCents: 2500,
        },
        {
          gateway: "manual",
          paymentMethod: "bank_transfer",
          invoices: 1,
          approved: 1,
          approvedCents: 5000,
        },
      ]),
    );
    expect(figures.recent[0]).toMatchObject({
      id: last.id,
      externalReference: "ENC-NUMEROS-ULTIMA",
    });
    expect(figures.recent.length).toBeLessThanOrEqual(10);
    const { text } = await page();
    expect(text).toContain('href="/admin-invoices?q=ENC-NUMEROS-ULTIMA"');
    expect(text).toContain("R$ 125,00".replace(" ", "\u00a0"));
    const byGateway = text.slice(text.indexOf('data-testid="figures-by-gateway"'));
    expect(byGateway.slice(0, byGateway.indexOf("</table>"))).toContain("Transferência bancária");
  });
});
