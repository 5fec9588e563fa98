import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { formatBRL } from "~/utils/format";
import { createPagHiperSimulator, type PagHiperSimulator } from "./simulator.server";

const CREDENTIALS = { apiKey: "apk_test-sim", token: "SIMTOKEN" };
const pages = messages.pagHiperSim.pages;

let sim: PagHiperSimulator;
let baseUrl: string;
const delivered: string[] = [];

beforeAll(async () => {
  sim = createPagHiperSimulator({
    ...CREDENTIALS,
    fetch: async (url) => {
      delivered.push(String(url));
      return new Response("", { status: 200 });
    },
  });
  baseUrl = await sim.start();
});
afterAll(() => sim.stop());

let orderSequence = 0;
function createBody(overrides: Record<string, unknown> = {}) {
  orderSequence++;
  return {
    apiKey: CREDENTIALS.apiKey,
    order_id: `pedido-${orderSequence}`,
    payer_email: "cliente@example.com",
    payer_name: "João Souza",
    payer_cpf_cnpj: "19119119100",
    notification_url: "http://app.test/webhook",
    days_due_date: "2",
    items: [{ item_id: "1", description: "Plano", quantity: "1", price_cents: "1234" }],
    ...overrides,
  };
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, Record<string, unknown>>,
  };
}

async function createTransaction(overrides: Record<string, unknown> = {}) {
  const { json } = await post("invoice/create/", createBody(overrides));
  return json.pix_create_request!.transaction_id as string;
}

describe("PagHiper simulator API", () => {
  it("answers a create as PagHiper does: every number a string, http_code 201", async () => {
    const { status, json } = await post("invoice/create/", createBody());
    expect(status).toBe(201);
    const answer = json.pix_create_request!;
    expect(answer).toMatchObject({
      result: "success",
      response_message: messages.pagHiperSim.api.created,
      value_cents: "1234",
      status: "pending",
      http_code: "201",
    });
    expect(Object.keys(answer.pix_code as object).sort()).toEqual([
      "bacen_url",
      "emv",
      "pix_url",
      "qrcode_base64",
      "qrcode_image_url",
    ]);
    const image = await fetch((answer.pix_code as { qrcode_image_url: string }).qrcode_image_url);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("accepts a valid CNPJ and refuses a wrong one", async () => {
    expect(
      (await post("invoice/create/", createBody({ payer_cpf_cnpj: "11.222.333/0001-81" }))).status,
    ).toBe(201);
    const wrong = await post("invoice/create/", createBody({ payer_cpf_cnpj: "11222333000180" }));
    expect(wrong.json.pix_create_request!.response_message).toBe(
      messages.pagHiperSim.api.invalidCnpj,
    );
  });

  it("refuses a body that is not a JSON object, and discounts count toward the minimum", async () => {
    const notJson = await post("invoice/create/", "apiKey=x");
    expect(notJson).toMatchObject({
      status: 400,
      json: {
        pix_create_request: {
          result: "reject",
          response_message: messages.pagHiperSim.api.invalidBody,
        },
      },
    });
    const discounted = await post("invoice/create/", createBody({ discount_cents: "1000" }));
    expect(discounted.json.pix_create_request!.response_message).toBe(
      messages.pagHiperSim.api.minimumTotal,
    );
  });

  it("accepts the paths without their trailing slash, refuses GET on them, and 404s the rest", async () => {
    expect((await post("invoice/status", { ...CREDENTIALS, transaction_id: "X" })).status).toBe(
      404,
    );
    const get = await fetch(`${baseUrl}/invoice/create/`);
    expect(get.status).toBe(405);
    const unknown = await fetch(`${baseUrl}/invoice/refund/`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: messages.pagHiperSim.api.notFound });
    expect((await fetch(`${baseUrl.replace("/paghiper-sim", "")}/outro`)).status).toBe(404);
  });

  it("fails a request on ?simulate=500|429, and the first N with failFirst", async () => {
    for (const code of [500, 429]) {
      const response = await fetch(`${baseUrl}/invoice/create/?simulate=${code}`, {
        method: "POST",
        body: JSON.stringify(createBody()),
      });
      expect(response.status).toBe(code);
    }
    const flaky = createPagHiperSimulator({ ...CREDENTIALS, failFirst: 1, failStatus: 502 });
    const request = () =>
      new Request("http://sim.test/paghiper-sim/invoice/status/", {
        method: "POST",
        body: JSON.stringify({ ...CREDENTIALS, transaction_id: "X" }),
      });
    expect((await flaky.handle(request(), "invoice/status/")).status).toBe(502);
    expect((await flaky.handle(request(), "invoice/status/")).status).toBe(404);
    expect(flaky.requestCount).toBe(2);
  });
});

describe("PagHiper simulator pages", () => {
  it("redirects the root without its slash", async () => {
    const response = await fetch(baseUrl, { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/paghiper-sim/");
  });

  it("lists the charges with their value in reais, status and the four actions", async () => {
    const id = await createTransaction({
      order_id: `<script>alert("x")</script>`,
      items: [{ item_id: "1", description: "Plano", quantity: 1, price_cents: 123456 }],
    });
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(pages.title);
    expect(html).toContain(formatBRL(123456));
    expect(html).toContain("1.234,56");
    expect(html).toContain(`href="pix/${id}"`);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    for (const slug of ["pagar", "expirar", "cancelar", "estornar"]) {
      expect(html).toContain(`<form method="post" action="_simulador/${id}/${slug}">`);
    }
    for (const label of Object.values(pages.actions)) expect(html).toContain(`>${label}</button>`);
  });

  it("pays from the list: 303 back to it, notification sent, then refuses a second payment", async () => {
    const id = await createTransaction();
    const pay = () =>
      fetch(`${baseUrl}/_simulador/${id}/pagar`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
    const response = await pay();
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/paghiper-sim/");
    expect(sim.transactions().find((t) => t.transactionId === id)!.status).toBe("paid");
    expect(delivered.at(-1)).toBe("http://app.test/webhook");

    const list = await (await fetch(`${baseUrl}/`)).text();
    expect(list).toContain(pages.notificationsSent(1, "200"));

    const again = await pay();
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(pages.cannotPay(messages.pagHiperSim.statuses.paid));
  });

  it("shows a charge's PIX page, whose buttons come back to it", async () => {
    const id = await createTransaction();
    const html = await (await fetch(`${baseUrl}/pix/${id}`)).text();
    const emv = sim.transactions().find((t) => t.transactionId === id)!.emv;
    expect(html).toContain(emv);
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    expect(html).toContain(`action="../_simulador/${id}/expirar"`);
    expect(html).toContain('name="voltar" value="pix"');

    const response = await fetch(`${baseUrl}/_simulador/${id}/expirar`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "voltar=pix",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/paghiper-sim/pix/${id}`);
    expect(sim.transactions().find((t) => t.transactionId === id)!.status).toBe("canceled");
  });

  it("answers unknown charges and actions with a 404 in JSON", async () => {
    const id = await createTransaction();
    for (const [method, path] of [
      ["GET", "pix/NAOEXISTE"],
      ["POST", `_simulador/${id}/apagar`],
      ["POST", "_simulador/NAOEXISTE/pagar"],
      ["GET", `_simulador/${id}/pagar`],
    ] as const) {
      const response = await fetch(`${baseUrl}/${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
    const rootPost = await fetch(`${baseUrl}/`, { method: "POST", body: "x=1" });
    expect(rootPost.status).toBe(405);
  });
});
