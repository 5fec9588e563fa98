import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, login, parseCount, queryDatabase, submitLogin, USER } from "./support";

/**
 * The administrative dashboard (/admin, "Painel Administrativo"): its figures against the demo
 * data, tabs and periods as links in the URL, the charts' tables against the database, a search
 * that shows up, the payment notices, who may open it, "Atualizar" and the backup button. Every
 * step clicks a link or a button, so with JavaScript off each one is a full page load.
 */

const TABS = {
  geral: "Visão Geral",
  analytics: "Análises",
  sistema: "Sistema",
  atividade: "Atividade",
  pagamentos: "Pagamentos",
  seo: "SEO",
} as const;
type Tab = keyof typeof TABS;

const PERIODS = { "24h": "24h", "7d": "7 dias", "30d": "30 dias", "90d": "90 dias" } as const;
type Period = keyof typeof PERIODS;

const SAO_PAULO = "America/Sao_Paulo";
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

// --- Helpers -------------------------------------------------------------------------------------

/** Signs the admin in; where the sign-in lands is not these journeys' business. */
async function signInAdmin(page: Page) {
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/(home|admin)/);
}

/** Opens /admin the way people do: the sidebar's "Admin" link. */
async function openDashboard(page: Page) {
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Painel Administrativo" }),
  ).toBeVisible();
}

const tabLink = (page: Page, tab: Tab) =>
  page
    .getByRole("navigation", { name: "Seções do painel" })
    .getByRole("link", { name: TABS[tab], exact: true });

const periodLink = (page: Page, period: Period) =>
  page
    .getByRole("navigation", { name: "Período" })
    .getByRole("link", { name: PERIODS[period], exact: true });

/** Clicks a tab and waits for the URL that says it, with the period kept. */
async function openTab(page: Page, tab: Tab, period: Period = "7d") {
  await tabLink(page, tab).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${tab}&period=${period}$`));
  await expect(tabLink(page, tab)).toHaveAttribute("aria-current", "page");
}

async function choosePeriod(page: Page, tab: Tab, period: Period) {
  await periodLink(page, period).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${tab}&period=${period}$`));
  await expect(periodLink(page, period)).toHaveAttribute("aria-current", "true");
}

/** The value (second line) of a stat card, found by its label. */
const statValue = (page: Page, label: string) =>
  page
    .locator(".card")
    .filter({ has: page.locator(":scope > p:first-child", { hasText: new RegExp(`^${label}$`) }) })
    .locator(":scope > p:nth-child(2)");

async function statCount(page: Page, label: string): Promise<number> {
  await expect(statValue(page, label)).toHaveCount(1);
  const count = parseCount(await statValue(page, label).innerText());
  expect(count, `${label} is a count`).not.toBeNaN();
  return count;
}

/** "R$ 1.234,50" → 123450. */
function brlCents(text: string): number {
  const match = text.replace(/\u00a0/g, " ").match(/^-?R\$ ?([\d.]+),(\d{2})$/);
  expect(match, `"${text}" is an amount in reais`).not.toBeNull();
  return Number(match![1].replace(/\./g, "")) * 100 + Number(match![2]);
}

/** A chart's figure (named by its caption): its summary line and its screen-reader table. */
async function chartOf(figure: Locator) {
  await expect(figure).toHaveCount(1);
  const rows = figure.locator("table tbody tr");
  const labels = (await rows.locator("th").allTextContents()).map((t) => t.trim());
  const values = (await rows.locator("td").allTextContents()).map((t) => t.trim());
  expect(values).toHaveLength(labels.length);
  const summary = (await figure.locator("figcaption + p").innerText()).trim();
  const total = summary.match(/^Total no período: (.+)$/)?.[1];
  expect(total, `the summary "${summary}"`).toBeDefined();
  return { labels, values, total: total! };
}

const dayKey = new Intl.DateTimeFormat("en-CA", {
  timeZone: SAO_PAULO,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const hourKey = new Intl.DateTimeFormat("en-CA", {
  timeZone: SAO_PAULO,
  hourCycle: "h23",
  hour: "2-digit",
});
const saoPauloDay = (at: Date) => dayKey.format(at);
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** The last `days` São Paulo days, today included, oldest first. */
function lastDays(days: number, now = new Date()) {
  const today = saoPauloDay(now);
  return Array.from({ length: days }, (_, i) => shiftDay(today, i - (days - 1)));
}

/** Searches per São Paulo day, counted straight in the database. */
async function searchesPerDay(from: string, to: string): Promise<Map<string, number>> {
  const rows = await queryDatabase<{ day: string; n: number }>(
    "select day, count(*) as n from searches where day >= ? and day <= ? group by day",
    from,
    to,
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}

const sum = (numbers: number[]) => numbers.reduce((a, b) => a + b, 0);

/** Reads the searches chart for a period and checks every row against the database. */
async function expectSearchesChart(page: Page, period: Exclude<Period, "24h">, days: number) {
  const figure = page.getByRole("figure", { name: "Buscas por dia", exact: true });
  const chart = await chartOf(figure);
  const expectedDays = lastDays(days);
  expect(chart.labels).toEqual(expectedDays.map(dayLabel));
  const counted = await searchesPerDay(expectedDays[0], expectedDays[days - 1]);
  const values = chart.values.map(parseCount);
  expect(values, `searches per day, ${period}`).toEqual(
    expectedDays.map((day) => counted.get(day) ?? 0),
  );
  expect(parseCount(chart.total)).toBe(sum(values));
  return sum(values);
}

async function activityItems(page: Page) {
  const section = page.getByRole("region", { name: "Atividade Recente" });
  await expect(section.getByRole("heading", { name: "Atividade Recente" })).toBeVisible();
  return section.getByRole("listitem");
}

// --- Journeys ------------------------------------------------------------------------------------

test.describe("Painel Administrativo", () => {
  test("the admin sees the overview with the real figures and its quick actions lead on", async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password, /\/(home|admin)/);
    await openDashboard(page);
    await expect(tabLink(page, "geral")).toHaveAttribute("aria-current", "page");
    await expect(periodLink(page, "7d")).toHaveAttribute("aria-current", "true");

    const customers = await page.request.get("/api/customers/statistics");
    expect(customers.status()).toBe(200);
    const { data: stats } = (await customers.json()) as {
      data: { total_customers: number; subscribed_customers: number };
    };
    const plans = await page.request.get("/api/plans/statistics");
    expect(plans.status()).toBe(200);
    const { data: planStats } = (await plans.json()) as { data: { monthly_revenue: number } };

    // The demo seed has two customers (Zé and Maria, Maria on a paid plan); other specs add more.
    expect(stats.total_customers).toBeGreaterThanOrEqual(2);
    expect(stats.subscribed_customers).toBeGreaterThanOrEqual(1);
    expect(await statCount(page, "Total de Clientes")).toBe(stats.total_customers);
    expect(await statCount(page, "Assinantes")).toBe(stats.subscribed_customers);
    expect(brlCents(await statValue(page, "Receita Mensal").innerText())).toBe(
      Math.round(planStats.monthly_revenue * 100),
    );
    const today = saoPauloDay(new Date());
    const [{ n: searchesToday }] = await queryDatabase<{ n: number }>(
      "select count(*) as n from searches where day = ?",
      today,
    );
    expect(await statCount(page, "Buscas Hoje")).toBe(searchesToday);

    // The quick actions, each a link to its page; one is followed.
    const quick = page.getByRole("region", { name: "Ações Rápidas" });
    const expected = [
      ["Importar da API", "/admin/import"],
      ["Adicionar Cliente", "/customers/new"],
      ["Criar Plano", "/plans/new"],
      ["Gerenciar Peças", "/parts"],
      ["Configurações", "/settings"],
    ] as const;
    await expect(quick.getByRole("link")).toHaveCount(expected.length);
    for (const [name, href] of expected)
      await expect(quick.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    await quick.getByRole("link", { name: "Adicionar Cliente", exact: true }).click();
    await expect(page).toHaveURL(/\/customers\/new$/);
  });

  test("tabs are links in the URL that keep the period, and each shows its own content", async ({
    page,
  }) => {
    await signInAdmin(page);
    await openDashboard(page);
    await choosePeriod(page, "geral", "30d");

    // Analytics: two charts, categories, most searched parts and the plans' table.
    await openTab(page, "analytics", "30d");
    await expect(page.getByRole("figure", { name: "Buscas por dia", exact: true })).toBeVisible();
    const revenue = await chartOf(page.getByRole("figure", { name: "Receita por mês" }));
    expect(brlCents(revenue.total)).toBe(sum(revenue.values.map(brlCents)));
    const categories = page.getByRole("region", { name: "Principais Categorias" });
    const counts = (await categories.getByRole("listitem").allInnerTexts()).map((t) =>
      parseCount(t.match(/([\d.]+) peças$/)?.[1] ?? "x"),
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.length).toBeLessThanOrEqual(6);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const topSearched = page.getByRole("region", { name: "Peças Mais Buscadas (30 dias)" });
    // The seed's Maria searched GDB123 yesterday.
    await expect(topSearched.getByRole("listitem").filter({ hasText: "GDB123" })).toHaveCount(1);
    const searched = (await topSearched.getByRole("listitem").allInnerTexts()).map((t) =>
      Number(t.match(/(\d+) buscas?$/)?.[1]),
    );
    expect(searched.length).toBeLessThanOrEqual(5);
    expect(searched).toEqual([...searched].sort((a, b) => b - a));
    const breakdown = page.getByRole("region", { name: "Assinaturas por Plano" });
    const table = breakdown.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Plano",
      "Assinantes",
      "Preço",
      "Receita mensal",
    ]);
    // The plans' monthly revenue adds up to the overview's "Receita Mensal" (the plans API).
    const rowRevenue = (await table.locator("tbody tr td:last-child").allInnerTexts()).map(
      brlCents,
    );
    const plans = await page.request.get("/api/plans/statistics");
    const { data: planStats } = (await plans.json()) as { data: { monthly_revenue: number } };
    expect(sum(rowRevenue)).toBe(Math.round(planStats.monthly_revenue * 100));

    // Sistema: five health checks (the fifth, e-mail, since issue #27), three resource bars, the last backup.
    await openTab(page, "sistema", "30d");
    const health = page.getByRole("region", { name: "Verificações de Saúde" });
    const checks = health.getByRole("listitem");
    await expect(checks).toHaveCount(5);
    const names = [
      "Banco de dados",
      "Fila de tarefas (Redis/BullMQ)",
      "Executor de tarefas",
      "Disco",
    ];
    for (const [index, name] of names.entries()) {
      await expect(checks.nth(index)).toContainText(name);
      await expect(checks.nth(index)).toContainText(/(OK|Atenção|Erro)$/);
    }
    // The e2e server has no Redis: the database answers and the queue runs in the server.
    await expect(checks.nth(0)).toContainText(/Respondeu em [\d,]+ msOK$/);
    await expect(checks.nth(1)).toContainText(
      "Sem Redis configurado: as tarefas rodam no próprio servidorOK",
    );
    const bars = page.getByRole("progressbar");
    await expect(bars).toHaveCount(3);
    await expect(bars.nth(0)).toHaveAccessibleName(/^CPU \(\d+ núcleos?\)$/);
    await expect(bars.nth(1)).toHaveAccessibleName("Memória");
    await expect(bars.nth(2)).toHaveAccessibleName("Disco");
    for (const bar of await bars.all()) {
      const now = Number(await bar.getAttribute("aria-valuenow"));
      const text = (await bar.getAttribute("aria-valuetext")) ?? "";
      expect(text).toMatch(/^\d{1,3},\d%$/);
      expect(now).toBe(Math.min(100, Math.round(Number(text.replace(",", ".").slice(0, -1)))));
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now).toBeLessThanOrEqual(100);
      await expect(bar).toHaveAttribute("aria-valuemin", "0");
      await expect(bar).toHaveAttribute("aria-valuemax", "100");
    }
    await expect(page.getByRole("heading", { name: "Último Backup" })).toBeVisible();

    // Atividade: the newest first, fifteen at most (the seed alone has more than that).
    await openTab(page, "atividade", "30d");
    const items = await activityItems(page);
    await expect(items).toHaveCount(15);
    const times = await items
      .locator("time")
      .evaluateAll((nodes) => nodes.map((n) => Date.parse(n.getAttribute("datetime") ?? "")));
    expect(times.every((t) => !Number.isNaN(t))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Pagamentos: each gateway's state as the gateways API says, and the way to its settings.
    await openTab(page, "pagamentos", "30d");
    const gateways = page.getByRole("region", { name: "Provedores de Pagamento" });
    const api = await page.request.get("/api/payment-gateways");
    const { data: configured } = (await api.json()) as {
      data: Record<"mercadopago" | "paghiper", { configured: boolean }>;
    };
    const state = (on: boolean) => new RegExp(`^${on ? "Configurado" : "Não configurado"}`);
    await expect(
      gateways
        .getByRole("listitem")
        .filter({ hasText: "Mercado Pago (cartão e carteira)" })
        .locator("p")
        .nth(1),
    ).toHaveText(state(configured.mercadopago.configured));
    await expect(
      gateways.getByRole("listitem").filter({ hasText: "PagHiper (PIX)" }).locator("p").nth(1),
    ).toHaveText(state(configured.paghiper.configured));

    await openTab(page, "seo", "30d");
    await expect(page.getByRole("heading", { name: "Configurações de SEO" })).toBeVisible();

    await openTab(page, "geral", "30d");
    await expect(statValue(page, "Total de Clientes")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Ações Rápidas" })).toBeVisible();

    // Back on Pagamentos, its link opens the gateways' settings.
    await openTab(page, "pagamentos", "30d");
    await page.getByRole("link", { name: "Abrir configurações", exact: true }).click();
    await expect(page).toHaveURL(/\/payment-methods$/);
  });

  test("the period changes the searches chart, and its table agrees with the database", async ({
    page,
  }) => {
    await signInAdmin(page);
    await openDashboard(page);
    await openTab(page, "analytics");
    const week = await expectSearchesChart(page, "7d", 7);

    await choosePeriod(page, "analytics", "30d");
    const month = await expectSearchesChart(page, "30d", 30);

    await choosePeriod(page, "analytics", "24h");
    const hourly = page.getByRole("figure", { name: "Buscas por hora (últimas 24h)", exact: true });
    const chart = await chartOf(hourly);
    await expect(page.getByRole("figure", { name: "Buscas por dia", exact: true })).toHaveCount(0);
    const lastHour = Math.floor(Date.now() / HOUR_MS);
    const hours = Array.from({ length: 24 }, (_, i) => lastHour - 23 + i);
    expect(chart.labels).toEqual(hours.map((h) => `${hourKey.format(new Date(h * HOUR_MS))}h`));
    const perHour = new Map(
      (
        await queryDatabase<{ hour: number; n: number }>(
          "select created_at / 3600000 as hour, count(*) as n from searches where created_at >= ? and created_at < ? group by 1",
          hours[0] * HOUR_MS,
          (lastHour + 1) * HOUR_MS,
        )
      ).map((r) => [r.hour, r.n]),
    );
    const hourValues = chart.values.map(parseCount);
    expect(hourValues).toEqual(hours.map((h) => perHour.get(h) ?? 0));
    expect(parseCount(chart.total)).toBe(sum(hourValues));

    await choosePeriod(page, "analytics", "90d");
    const quarter = await expectSearchesChart(page, "90d", 90);
    expect(month).toBeGreaterThanOrEqual(week);
    expect(quarter).toBeGreaterThanOrEqual(month);

    // The revenue chart shows the months the period touches, never fewer than three.
    const first = saoPauloDay(new Date(Date.now() - 89 * DAY_MS)).slice(0, 7);
    const current = saoPauloDay(new Date()).slice(0, 7);
    const months =
      (Number(current.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
      Number(current.slice(5)) -
      Number(first.slice(5)) +
      1;
    const revenue = await chartOf(page.getByRole("figure", { name: "Receita por mês" }));
    expect(revenue.values).toHaveLength(Math.max(3, months));
  });

  test("a code search shows up: Buscas Hoje goes up by one and Atividade lists it first", async ({
    page,
  }) => {
    await signInAdmin(page);
    await openDashboard(page);
    const before = await statCount(page, "Buscas Hoje");

    const searchedAt = Date.now();
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Buscar peças" });
    await box.fill("GDB123");
    await box.press("Enter");
    await page.waitForURL(
      (url) => url.pathname === "/search" && url.searchParams.get("q") === "GDB123",
    );
    await expect(page.getByTestId("result-card").first().getByTestId("part-code")).toHaveText(
      "GDB123",
    );

    await openDashboard(page);
    expect(await statCount(page, "Buscas Hoje")).toBe(before + 1);

    await openTab(page, "atividade");
    const first = (await activityItems(page)).first();
    await expect(first).toContainText(`Busca${ADMIN.name} · Buscou GDB123`);
    const at = Date.parse((await first.locator("time").getAttribute("datetime")) ?? "");
    expect(at).toBeGreaterThanOrEqual(searchedAt - 1000);
  });

  for (const [result, text] of [
    ["success", "Pagamento aprovado! O plano já está ativo."],
    ["failure", "O pagamento não foi concluído. Nenhum valor foi cobrado."],
    ["pending", "Pagamento pendente: avisaremos assim que for confirmado."],
  ] as const) {
    test(`?payment=${result} shows its notice`, async ({ page }) => {
      await signInAdmin(page);
      await page.goto(`/admin?payment=${result}`);
      const notices = page.getByRole("status").filter({ hasText: /^(Pagamento|O pagamento)/ });
      await expect(notices).toHaveCount(1);
      await expect(notices).toHaveText(text);
      // It belongs to that page only: the next link does not carry it.
      await tabLink(page, "analytics").click();
      await expect(page).toHaveURL(/\/admin\?tab=analytics&period=7d$/);
      await expect(page.getByText(text)).toHaveCount(0);
    });
  }

  test("a customer is sent to /home and an anonymous visitor to /login", async ({ page }) => {
    await page.goto("/admin?tab=sistema");
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin?tab=sistema");
    await expect(page.getByText("Painel Administrativo")).toHaveCount(0);

    await login(page, USER.email, USER.password);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Painel Administrativo")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  });

  test("Atualizar keeps the tab and the period, and reads the figures again", async ({ page }) => {
    await signInAdmin(page);
    await openDashboard(page);
    await openTab(page, "analytics");
    await choosePeriod(page, "analytics", "30d");
    const before = await statCount(page, "Consultas Hoje");

    // A search made elsewhere (the same admin, outside this page).
    const search = await page.request.get("/search?q=GDB123&type=code");
    expect(search.status()).toBe(200);

    await page.getByRole("link", { name: "Atualizar", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=analytics&period=30d$/);
    await expect(tabLink(page, "analytics")).toHaveAttribute("aria-current", "page");
    await expect(periodLink(page, "30d")).toHaveAttribute("aria-current", "true");
    await expect.poll(() => statCount(page, "Consultas Hoje")).toBe(before + 1);
    await expectSearchesChart(page, "30d", 30);
  });

  test("Sistema: Fazer backup agora makes one and Último Backup says so", async ({ page }) => {
    await signInAdmin(page);
    await openDashboard(page);
    await openTab(page, "sistema");
    const clickedAt = Date.now();
    await page.getByRole("button", { name: "Fazer backup agora", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=sistema$/);
    const toast = page
      .getByRole("status")
      .filter({ hasText: /Backup criado: encaixa-\S+ \([\d,]+ (bytes|KB|MB)\)\./ });
    await expect(toast).toHaveCount(1);
    const backup = page.getByRole("region", { name: "Último Backup" });
    await expect(backup.getByText("há menos de 1 hora", { exact: true })).toBeVisible();

    // The newest backup in the database is the one just made, and the toast names its file.
    const [newest] = await queryDatabase<{ path: string; created_at: number }>(
      "select path, created_at from backups order by created_at desc, id desc limit 1",
    );
    expect(newest.created_at).toBeGreaterThanOrEqual(clickedAt - 1000);
    const fileName = newest.path.split("/").pop()!;
    await expect(toast).toContainText(`Backup criado: ${fileName} (`);
  });
});
