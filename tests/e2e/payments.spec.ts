import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { keepBankDetails } from "./bank-details";
import { ADMIN, choosePlanPayment, login, newProjectContext, register } from "./support";

/**
 * Paying for a plan end to end, on the payment simulators the e2e server mounts itself
 * (PAYMENT_SIMULATORS=true): PIX through PagHiper's tester page, card through Mercado Pago's
 * checkout, a bank transfer approved by hand by the admin; and the gateways' secrets never
 * reaching a browser.
 */

const PLAN = "Profissional";
const PLAN_PRICE = /^R\$\s49,90$/;
const VALID_CPF = "529.982.247-25";
const INVALID_CPF = "123.456.789-00";
/** A journey signs up, pays through a simulator and reads several pages on a busy 2-core box. */
const JOURNEY_MS = 120_000;
/** The PIX dialog reads itself again every 4 s; a loaded machine may take a few rounds. */
const POLL_WAIT_MS = 30_000;

/** Alterar Plano → PIX → Confirmar: the PIX dialog of the new invoice, whose id it returns. */
async function openPixDialog(page: Page): Promise<number> {
  await choosePlanPayment(page, PLAN, "PIX");
  await page.waitForURL(/\/invoices\/\d+\/pix$/);
  const id = Number(new URL(page.url()).pathname.match(/\/invoices\/(\d+)\/pix$/)![1]);
  await expect(pixDialog(page)).toBeVisible();
  return id;
}

function pixDialog(page: Page) {
  return page.getByRole("dialog", { name: /^Pagar fatura ENC-[\w-]+ com PIX$/ });
}

/** Fills the CPF and clicks "Gerar QR Code". */
async function submitCpf(page: Page, id: number, cpf: string) {
  const dialog = pixDialog(page);
  await dialog.getByLabel("CPF", { exact: true }).fill(cpf);
  await dialog.getByRole("button", { name: "Gerar QR Code" }).click();
}

/** Generates the PIX with a valid CPF and checks the live charge; returns its copy-and-paste code. */
async function generatePix(page: Page, id: number): Promise<string> {
  await submitCpf(page, id, VALID_CPF);
  const dialog = pixDialog(page);
  await expect(
    dialog.getByRole("img", { name: /^QR Code PIX da fatura ENC-[\w-]+$/ }),
  ).toBeVisible();
  const code = dialog.getByLabel("Código PIX (copia e cola)");
  await expect(code).toHaveValue(/^000201/);
  await expect(dialog.getByTestId("pix-amount")).toHaveText(PLAN_PRICE);
  await expect(dialog.getByTestId("pix-expires-at")).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  return code.inputValue();
}

/** The TLV fields of an EMV/BR Code (or of a template inside one), by id. */
function emvFields(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length;) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    expect(Number.isInteger(length), `a malformed BR Code: ${code}`).toBe(true);
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** The PagHiper transaction id: the BR Code's location (field 26/25) ends in /pix/<id>. */
function transactionIdOf(pixCode: string): string {
  const location = emvFields(emvFields(pixCode).get("26") ?? "").get("25") ?? "";
  const found = location.match(/\/paghiper-sim\/pix\/([A-Za-z0-9]+)$/);
  expect(found, `no PagHiper transaction id in the PIX code ${pixCode}`).not.toBeNull();
  return found![1]!;
}

/**
 * Clicks `action` ("Pagar", "Expirar"...) on one transaction of PagHiper's tester page, opened in
 * a second page of the same browser context, and waits for the app's webhook to have answered.
 */
async function actOnPagHiperTester(
  page: Page,
  transactionId: string,
  action: "Pagar" | "Expirar",
  statusAfter: string,
) {
  const tester = await page.context().newPage();
  try {
    await tester.goto("/paghiper-sim/");
    await expect(tester.getByRole("heading", { name: "Simulador PagHiper (PIX)" })).toBeVisible();
    const row = tester
      .getByRole("row")
      .filter({ has: tester.getByRole("link", { name: transactionId, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("aguardando pagamento");
    await row.getByRole("button", { name: action, exact: true }).click();
    await expect(row).toContainText(statusAfter);
    // The tester answers once its notification came back: the app's webhook took it.
    await expect(row).toContainText(/1 enviada; última resposta: 200/);
  } finally {
    await tester.close();
  }
  await page.bringToFront();
}

function invoiceRow(page: Page, id: number) {
  return page
    .getByTestId("invoice-row")
    .filter({ has: page.getByRole("cell", { name: `#${id}`, exact: true }) });
}

async function expectPlanCurrent(page: Page, planName: string) {
  await page.goto("/settings?tab=planos");
  await expect(page.getByTestId("settings-current-plan")).toHaveText(planName);
  const card = page
    .getByTestId("settings-plan-card")
    .filter({ has: page.getByRole("heading", { name: planName, exact: true }) });
  await expect(card.getByText("Plano atual", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /Alterar Plano/ })).toHaveCount(0);
}

test.describe("paying for a plan", () => {
  test("buys Profissional by PIX: invalid CPF first, paid at PagHiper, plan active", async ({
    page,
  }, testInfo) => {
    test.setTimeout(JOURNEY_MS);
    await register(page, testInfo, "Cliente PIX");
    const id = await openPixDialog(page);
    const dialog = pixDialog(page);
    await expect(dialog.getByText(/^Valor: R\$\s49,90$/)).toBeVisible();

    await submitCpf(page, id, INVALID_CPF);
    await expect(dialog.getByText("Informe um CPF válido")).toBeVisible();
    await expect(
      dialog.getByRole("img", { name: /^QR Code PIX da fatura ENC-[\w-]+$/ }),
    ).toHaveCount(0);

    const code = await generatePix(page, id);
    // The time left is in the page as served (nothing moves when the clock starts, ADR 0063).
    const countdown = dialog.getByTestId("pix-countdown");
    await expect(countdown).toHaveText(/^\d{2,}:[0-5]\d:[0-5]\d$/);
    expect(await countdown.textContent()).not.toBe("00:00:00");
    if (testInfo.project.name === "js-on") {
      await expect(dialog.getByRole("button", { name: "Copiar código PIX" })).toBeVisible();
      // With JavaScript it ticks.
      const first = await countdown.textContent();
      await expect(countdown).not.toHaveText(first!, { timeout: 3_000 });
    } else
      await expect(
        dialog.getByText("Depois de pagar, toque em “Verificar pagamento”."),
      ).toBeVisible();

    await actOnPagHiperTester(page, transactionIdOf(code), "Pagar", "paga");

    const approved = page.getByText("Pagamento aprovado!", { exact: true });
    if (testInfo.project.name === "js-on") {
      // The dialog reads itself again every 4 s, says so, then (0.8 s later) goes to the list.
      // waitFor polls in the page, fast enough not to miss that short moment.
      await approved.waitFor({ timeout: POLL_WAIT_MS });
      await page.waitForURL((url) => url.pathname === "/invoices", { timeout: POLL_WAIT_MS });
      await expect(
        page.getByRole("status").filter({ hasText: /A fatura ENC-[\w-]+ está paga\./ }),
      ).toBeVisible();
    } else {
      await dialog.getByRole("button", { name: "Verificar pagamento" }).click();
      await expect(approved).toBeVisible();
      await expect(page.getByText("Seu plano já está ativo. Obrigado!")).toBeVisible();
      await page.getByRole("link", { name: "Voltar para Minhas Faturas" }).click();
      await page.waitForURL((url) => url.pathname === "/invoices");
    }
    await expect(page.getByRole("heading", { name: "Minhas Faturas" })).toBeVisible();
    const row = invoiceRow(page, id);
    await expect(row.getByTestId("invoice-status")).toHaveText("Aprovado");
    await expect(row).toContainText("PIX (PagHiper)");
    await expect(row.getByRole("link", { name: /^Recibo — fatura ENC-[\w-]+$/ })).toBeVisible();

    await expectPlanCurrent(page, PLAN);
  });

  test("buys Profissional by card: Mercado Pago's checkout, back to the invoices, plan active", async ({
    page,
  }, testInfo) => {
    test.setTimeout(JOURNEY_MS);
    await register(page, testInfo, "Cliente Cartão");
    await choosePlanPayment(page, PLAN, "Cartão de crédito (Mercado Pago)");

    // A full page load of the checkout, also with JavaScript: the simulator shares the app's origin,
    // so a redirect that the client router follows in-app would render nothing.
    await page.waitForURL(/\/mp-sim\/checkout\/v1\/redirect\?pref-id=/);
    await expect(page.getByRole("heading", { name: "Finalize seu pagamento" })).toBeVisible();
    await expect(page.getByText(/^Total: R\$\s49,90$/)).toBeVisible();
    await page.getByRole("button", { name: "Pagar (aprovado)" }).click();

    await page.waitForURL(/\/invoices\?payment=success&invoice=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("invoice"));
    await expect(page.getByTestId("payment-return-notice")).toHaveText(
      /^Pagamento aprovado! A fatura ENC-[\w-]+ está paga e seu plano já está ativo\.$/,
    );
    const row = invoiceRow(page, id);
    await expect(row.getByTestId("invoice-status")).toHaveText("Aprovado");
    await expect(row).toContainText("Mercado Pago");
    await expect(row).toContainText(/R\$\s49,90/);

    await expectPlanCurrent(page, PLAN);
  });

  test("a PIX expired at PagHiper says so, brings the CPF form back and a new code", async ({
    page,
  }, testInfo) => {
    test.setTimeout(JOURNEY_MS);
    await register(page, testInfo, "Cliente PIX Expirado");
    const id = await openPixDialog(page);
    const dialog = pixDialog(page);
    const firstCode = await generatePix(page, id);

    // PagHiper has no "expired" status: an expired PIX is "canceled" with its due date past.
    await actOnPagHiperTester(page, transactionIdOf(firstCode), "Expirar", "cancelada");

    const expired = dialog.getByRole("alert").filter({ hasText: "PIX expirado" });
    if (testInfo.project.name === "js-on") {
      await expect(expired).toBeVisible({ timeout: POLL_WAIT_MS });
    } else {
      await dialog.getByRole("button", { name: "Verificar pagamento" }).click();
      await expect(expired).toBeVisible();
    }
    await expect(
      dialog.getByText(
        "O código anterior não vale mais. Informe o CPF para gerar um novo QR Code.",
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel("CPF", { exact: true })).toBeVisible();
    await expect(
      dialog.getByRole("img", { name: /^QR Code PIX da fatura ENC-[\w-]+$/ }),
    ).toHaveCount(0);
    await expect(dialog.getByLabel("Código PIX (copia e cola)")).toHaveCount(0);

    const secondCode = await generatePix(page, id);
    expect(secondCode, "a new PIX must carry a new code").not.toBe(firstCode);
    expect(transactionIdOf(secondCode)).not.toBe(transactionIdOf(firstCode));
    await expect(dialog.getByRole("alert").filter({ hasText: "PIX expirado" })).toHaveCount(0);

    await page.goto("/invoices");
    await expect(invoiceRow(page, id).getByTestId("invoice-status")).toHaveText("Pendente");
  });

  test("the admin marks a bank-transfer invoice paid; the customer's plan starts", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(JOURNEY_MS);
    await keepBankDetails(browser, testInfo);
    const customer = await register(page, testInfo, "Cliente Transferência");
    await choosePlanPayment(page, PLAN, "Transferência bancária");
    await page.waitForURL(/\/invoices\/\d+\/transferencia$/);
    const notice = page.getByText(/^Pagamento necessário: a fatura (ENC-[\w-]+) foi criada\./);
    await expect(notice).toBeVisible();
    const id = Number(new URL(page.url()).pathname.match(/^\/invoices\/(\d+)\//)![1]);
    // The notice names the invoice by the reference the transfer dialog asks to write.
    const reference = (await notice.innerText()).match(/(ENC-[\w-]+)/)![1]!;
    await expect(page.getByTestId("transfer-reference")).toHaveText(reference);
    await page.goto("/settings?tab=planos");
    await expect(page.getByTestId("settings-current-plan")).toHaveText("Gratuito");

    const adminContext = await newProjectContext(browser, testInfo);
    try {
      const admin = await adminContext.newPage();
      await login(admin, ADMIN.email, ADMIN.password);
      await admin.goto("/admin-invoices");
      await expect(admin.getByRole("heading", { name: "Faturas (Admin)" })).toBeVisible();
      await admin.getByLabel("Referência ou usuário").fill(customer.email);
      await admin.getByRole("button", { name: "Aplicar" }).click();
      await admin.waitForURL((url) => url.searchParams.get("q") === customer.email);
      const rows = admin.getByTestId("invoice-row");
      await expect(rows).toHaveCount(1);
      await expect(admin.getByTestId("invoices-total")).toHaveText("1 fatura");
      const row = rows.filter({ has: admin.getByRole("rowheader", { name: `#${id}` }) });
      await expect(row).toContainText(customer.email);
      await expect(row).toContainText(PLAN);
      await expect(row.getByTestId("invoice-status")).toHaveText("Pendente");

      await row.getByRole("link", { name: /^Marcar pago — fatura ENC-[\w-]+$/ }).click();
      await admin.waitForURL(new RegExp(`/admin-invoices/${id}/mark-paid`));
      const confirm = admin.getByRole("dialog", { name: /^Marcar fatura ENC-[\w-]+ como paga\?$/ });
      await expect(confirm).toContainText(
        `A fatura de R$ 49,90 do plano ${PLAN} de ${customer.name}`,
      );
      await confirm.getByRole("button", { name: "Sim, marcar como paga" }).click();

      await admin.waitForURL((url) => url.pathname === "/admin-invoices");
      expect(new URL(admin.url()).searchParams.get("q")).toBe(customer.email);
      await expect(
        admin.getByRole("status").filter({ hasText: /Fatura ENC-[\w-]+ marcada como paga/ }),
      ).toBeVisible();
      await expect(row.getByTestId("invoice-status")).toHaveText("Aprovado");
      await expect(row.getByRole("link", { name: /Marcar pago/ })).toHaveCount(0);
    } finally {
      await adminContext.close();
    }

    await expectPlanCurrent(page, PLAN);
    await page.goto("/invoices");
    await expect(invoiceRow(page, id).getByTestId("invoice-status")).toHaveText("Aprovado");
  });
});

type SimulatorCredentials = {
  mercadopago: { publicKey: string; accessToken: string; webhookSecret: string };
  paghiper: { apiKey: string; token: string };
};

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test("the gateways' secrets never reach a browser", async ({ page, browser }, testInfo) => {
  test.setTimeout(JOURNEY_MS);
  const file = path.join(process.env.E2E_DATA_DIR!, "payment-simulators.json");
  const credentials = JSON.parse(readFileSync(file, "utf8")) as SimulatorCredentials;
  const secrets: [string, string][] = [
    ["mercadopago.accessToken", credentials.mercadopago.accessToken],
    ["mercadopago.webhookSecret", credentials.mercadopago.webhookSecret],
    ["paghiper.apiKey", credentials.paghiper.apiKey],
    ["paghiper.token", credentials.paghiper.token],
  ];
  for (const [name, value] of secrets) expect(value, `${name} in ${file}`).toMatch(/^\S{12,}$/);

  const checked: string[] = [];
  const expectNoSecret = (where: string, text: string) => {
    for (const [name, value] of secrets)
      expect(text.includes(value), `${name} leaked into ${where}`).toBe(false);
    checked.push(where);
  };
  /** The page as the server sent it (with its loader data), and its single-fetch data. */
  const checkPage = async (p: Page, url: string) => {
    const response = await p.goto(url);
    expect(response?.status(), `GET ${url}`).toBe(200);
    const html = await response!.text();
    expect(html, `the HTML of ${url}`).toContain("</html>");
    expectNoSecret(`the HTML of ${url}`, html);
    expectNoSecret(`the rendered DOM of ${url}`, await p.content());
    const { pathname, search } = new URL(url, "http://x");
    const data = await p.request.get(`${pathname}.data${search}`);
    expect(data.status(), `GET ${pathname}.data${search}`).toBe(200);
    expectNoSecret(`the route data of ${url}`, await data.text());
  };

  // A customer with invoices that went through both gateways: a PIX generated, a card checkout started.
  await register(page, testInfo, "Cliente Segredos");
  const pixId = await openPixDialog(page);
  await generatePix(page, pixId);
  await choosePlanPayment(page, "Enterprise", "Cartão de crédito (Mercado Pago)");
  await page.waitForURL(/\/mp-sim\/checkout\/v1\/redirect\?pref-id=/);
  for (const url of ["/invoices", `/invoices/${pixId}/pix`, "/settings", "/settings?tab=planos"])
    await checkPage(page, url);

  const adminContext = await newProjectContext(browser, testInfo);
  try {
    const admin = await adminContext.newPage();
    await login(admin, ADMIN.email, ADMIN.password);
    await admin.goto("/payment-methods");
    await expect(admin.getByRole("heading", { name: "Formas de pagamento" })).toBeVisible();
    await expect(admin.getByText("Configurado", { exact: true }).first()).toBeVisible();
    // The check reads the configured gateway: its public key, not a secret, is on the form.
    await expect(admin.getByLabel("Chave pública")).toHaveValue(credentials.mercadopago.publicKey);
    for (const url of [
      "/payment-methods",
      "/admin-invoices",
      `/admin-invoices?q=${encodeURIComponent("Cliente Segredos")}`,
    ])
      await checkPage(admin, url);
    for (const url of ["/api/payment-gateways", "/api/payment-gateways/paghiper"]) {
      const response = await admin.request.get(url);
      expect(response.status(), `GET ${url} as admin`).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/json");
      expectNoSecret(`the JSON of GET ${url}`, await response.text());
    }
  } finally {
    await adminContext.close();
  }

  // The client bundle is the same for both projects: read it once.
  if (testInfo.project.name === "js-on") {
    const clientDir = path.resolve(process.env.ENCAIXA_BUILD_DIR ?? "build", "client");
    const files = filesUnder(clientDir);
    expect(files.length, `no files under ${clientDir}`).toBeGreaterThan(0);
    for (const bundle of files)
      expectNoSecret(
        `${path.relative(process.cwd(), bundle)} (client build)`,
        readFileSync(bundle, "latin1"),
      );
  }
  testInfo.annotations.push({ type: "checked", description: `${checked.length} sources` });
});
