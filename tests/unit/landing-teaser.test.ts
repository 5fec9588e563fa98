import { beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { searches } from "~db/schema";
import { db } from "~/utils/db.server";
import { teaserRate } from "~/models/search/index.server";
import {
  createCategory,
  createFreePlan,
  createPart,
  createVehicle,
  fit,
} from "../support/factories";
import { productionHandler } from "../support/route-manifest";

/**
 * The landing as a visitor gets it (ADR 0057): the catalogue's size, not its traffic; plan cards
 * without the admin's badges; and the "Testar" box answering a real teaser for a typed code.
 */

const LANDING_ROUTES = new Set(["routes/_landing", "routes/_landing._index"]);
const handle = await productionHandler({ routes: LANDING_ROUTES });

let address = 0;
const fresh = () => `198.51.100.${++address}`;

async function page(search: string, clientIp = fresh()) {
  const response = await handle(
    new Request(`http://localhost/${search}`, { headers: { Host: "localhost" } }),
    { clientIp },
  );
  return { response, html: await response.text() };
}

/** The text of the hero's answer box (tags dropped, entities as React writes them). */
function answerOf(html: string) {
  const start = html.indexOf('aria-live="polite"');
  const box = html.slice(start, html.indexOf("</section>", start));
  return box
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

beforeAll(() => {
  createFreePlan();
  const filters = createCategory("Filtros Vitrine");
  const part = createPart({
    code: "VT-1001",
    name: "Filtro de Ar Vitrine",
    categoryId: filters.id,
    alternatives: ["ALT-VT-7"],
  });
  for (const year of [2018, 2019]) fit(part.id, createVehicle({ year }).id);
});

describe("the landing's figures and plans", () => {
  it("shows the catalogue's size, never today's searches or how many users there are", async () => {
    const { html } = await page("");
    for (const label of ["Peças Cadastradas", "Veículos Compatíveis", "Códigos Alternativos"])
      expect(html).toContain(label);
    expect(html).not.toContain("Usuários Ativos");
    expect(html).not.toContain("Buscas Hoje");
    expect(html).not.toContain("Consultas Diárias");
  });

  it("plan cards carry no admin badge nor customer count; the free price is not its name", async () => {
    const { html } = await page("");
    expect(html).not.toContain("Plano ativo");
    expect(html).not.toMatch(/\bclientes?\b/);
    expect(html).toMatch(/R\$\s0<\/span><span[^>]*> para sempre/);
    expect(html).not.toContain("customersCount");
  });
});

describe("the 'Testar' box", () => {
  it("answers a code with the part's name, category and how many vehicles, and a sign-up", async () => {
    const { response, html } = await page("?teste=vt%201001");
    expect(response.status).toBe(200);
    const answer = answerOf(html);
    expect(answer).toContain('Encontramos "vt 1001" no catálogo');
    expect(answer).toContain("Filtro de Ar Vitrine");
    expect(answer).toContain("Categoria: Filtros Vitrine");
    expect(answer).toContain("Encaixa em 2 veículos");
    expect(answer).toContain("Criar conta grátis");
    expect(html).toContain(
      `href="/register?${new URLSearchParams({ redirectTo: "/search?q=vt+1001&type=code" })}"`,
    );
    // The list is what the account is for: no vehicle of the part on the page.
    expect(html).not.toContain("2018");
  });

  it("finds a part by an alternative code, and says so", async () => {
    const answer = answerOf((await page("?teste=ALT-VT-7")).html);
    expect(answer).toContain("Filtro de Ar Vitrine");
    expect(answer).toContain("encontrada pelo código alternativo");
  });

  it("an unknown code: 'não encontramos' and the sign-up invite", async () => {
    const { response, html } = await page("?teste=NADA-123");
    expect(response.status).toBe(200);
    const answer = answerOf(html);
    expect(answer).toContain('Não encontramos "NADA-123" no catálogo');
    expect(answer).toContain("Criar conta grátis");
  });

  it("empty asks for a code; too long is a 400 with a pt-BR message", async () => {
    expect(answerOf((await page("?teste=")).html)).toContain(
      "Digite um código de peça para testar",
    );
    const { response, html } = await page(`?teste=${"9".repeat(500)}`);
    expect(response.status).toBe(400);
    expect(answerOf(html)).toContain("O código pode ter até 60 caracteres.");
  });

  it("spends no credit and logs no search", async () => {
    const before = db().select({ n: count() }).from(searches).get()!.n;
    await page("?teste=VT-1001");
    expect(db().select({ n: count() }).from(searches).get()!.n).toBe(before);
  });

  it("throttles an address: 429 with Retry-After and the message on the page", async () => {
    const client = fresh();
    for (let i = 0; i < teaserRate().burst; i++)
      expect((await page("?teste=VT-1001", client)).response.status).toBe(200);
    const { response, html } = await page("?teste=VT-1001", client);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(answerOf(html)).toMatch(/Muitos testes seguidos deste endereço\. Tente de novo em \d+/);
    // The landing itself is not held back.
    expect((await page("", client)).response.status).toBe(200);
    expect((await page("?teste=VT-1001")).response.status).toBe(200);
  });
});
