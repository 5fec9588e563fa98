import { expect, test, type Page } from "@playwright/test";
import { queryDatabase, register, setDailySearches } from "./support";

/**
 * "A e B são intercambiáveis?" on the demo catalogue, in both projects (JavaScript on and off):
 * every step is a GET form or a link. The expected lists are read from the server's database
 * here, not from the app.
 */

type Row = { label: string };

/** How the page (and the search result cards) name a vehicle: brand, model, generation, year. */
const LABEL = `v.brand || ' ' || v.model || coalesce(' ' || v.generation, '') || ' ' || v.year`;
const ORDER = "order by v.brand, v.model, v.year, v.id";

async function partId(code: string): Promise<number> {
  const [row] = await queryDatabase<{ id: number }>("select id from parts where code = ?", code);
  return row!.id;
}

async function commonLabels(a: number, b: number): Promise<string[]> {
  const rows = await queryDatabase<Row>(
    `select ${LABEL} as label from part_vehicles x
     join part_vehicles y on y.vehicle_id = x.vehicle_id and y.part_id = ?
     join vehicles v on v.id = x.vehicle_id where x.part_id = ? ${ORDER}`,
    b,
    a,
  );
  return rows.map((r) => r.label);
}

async function onlyLabels(part: number, other: number): Promise<string[]> {
  const rows = await queryDatabase<Row>(
    `select ${LABEL} as label from part_vehicles x join vehicles v on v.id = x.vehicle_id
     where x.part_id = ? and x.vehicle_id not in (select vehicle_id from part_vehicles where part_id = ?)
     ${ORDER}`,
    part,
    other,
  );
  return rows.map((r) => r.label);
}

async function compare(page: Page, a: string, b: string) {
  await page.getByLabel("Código A", { exact: true }).fill(a);
  await page.getByLabel("Código B", { exact: true }).fill(b);
  await page.getByRole("button", { name: "Comparar", exact: true }).click();
  await page.waitForURL(
    (url) =>
      url.pathname === "/search/compare" &&
      url.searchParams.get("a") === a &&
      url.searchParams.get("b") === b,
  );
}

const listLabels = (page: Page, id: string) =>
  page.getByTestId(id).getByTestId("vehicle-list").locator("li > span.font-medium").allInnerTexts();

test.describe("comparing two part codes", () => {
  test("two alternative codes of one part, reached from the search page", async ({
    page,
  }, testInfo) => {
    await register(page, testInfo, "Cliente Compara");
    await page.goto("/search?q=TRW-BR123");
    await page.getByRole("link", { name: "Comparar dois códigos" }).click();
    await page.waitForURL(/\/search\/compare$/);
    await expect(page.getByRole("heading", { name: "Comparar códigos", level: 1 })).toBeVisible();

    await compare(page, "trw-br123", "5U0698151A");
    const verdict = page.getByTestId("compare-verdict");
    await expect(verdict.getByRole("status")).toHaveText(
      "Intercambiáveis: trw-br123 e 5U0698151A são códigos da mesma peça.",
    );
    await expect(verdict).toHaveAttribute("data-kind", "same_part");

    const a = page.getByTestId("compare-part-a");
    await expect(a.getByTestId("part-code")).toHaveText("BR123456");
    await expect(a.getByTestId("found-via")).toHaveText("via código alternativo TRW-BR123");
    await expect(a).toContainText("Pastilha de Freio Dianteira Cerâmica");
    await expect(a).toContainText("Fabricante: Bosch");
    await expect(a).toContainText("Freios");
    const b = page.getByTestId("compare-part-b");
    await expect(b.getByTestId("part-code")).toHaveText("BR123456");
    await expect(b.getByTestId("found-via")).toHaveText("via código alternativo 5U0698151A");
    // 5U0698151A is also an alternative code of TRW's GDB123: the page says which part it used.
    await expect(b.getByTestId("other-matches")).toHaveText(
      "Este código também leva a outra peça; a comparação usa a primeira.",
    );

    const br = await partId("BR123456");
    const all = await commonLabels(br, br);
    await expect(page.getByTestId("compare-common").getByTestId("vehicle-count")).toHaveText(
      String(all.length),
    );
    expect(await listLabels(page, "compare-common")).toEqual(all);
    await expect(page.getByTestId("compare-only-a")).toHaveCount(0);
    await expect(page.getByTestId("compare-only-b")).toHaveCount(0);
  });

  test("two parts of one kind that share some vehicles, then swapped", async ({
    page,
  }, testInfo) => {
    await register(page, testInfo, "Cliente Velas");
    await page.goto("/search/compare");
    await compare(page, "BKR6E", "IZFR6K11");

    const [ngk, iridium] = [await partId("BKR6E"), await partId("IZFR6K11")];
    const common = await commonLabels(ngk, iridium);
    const onlyA = await onlyLabels(ngk, iridium);
    const onlyB = await onlyLabels(iridium, ngk);
    expect(common.length).toBeGreaterThan(0);
    expect(onlyA.length).toBeGreaterThan(0);
    expect(onlyB.length).toBeGreaterThan(0);

    await expect(page.getByTestId("compare-verdict").getByRole("status")).toHaveText(
      `Intercambiáveis em parte: servem em ${common.length} veículos em comum; ` +
        `${onlyA.length} veículos só com BKR6E e ${onlyB.length} veículos só com IZFR6K11.`,
    );
    await expect(page.getByTestId("compare-verdict")).toHaveAttribute("data-kind", "partly");
    await expect(page.getByTestId("compare-part-a")).toContainText("Vela de Ignição");
    await expect(page.getByTestId("compare-part-a")).toContainText("Ignição");
    await expect(page.getByTestId("compare-part-a").getByTestId("found-via")).toHaveCount(0);

    for (const [id, labels] of [
      ["compare-common", common],
      ["compare-only-a", onlyA],
      ["compare-only-b", onlyB],
    ] as const) {
      await expect(page.getByTestId(id).getByTestId("vehicle-count")).toHaveText(
        String(labels.length),
      );
      expect(await listLabels(page, id), id).toEqual(labels);
    }
    await expect(page.getByRole("heading", { name: /Só BKR6E serve/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Só IZFR6K11 serve/ })).toBeVisible();

    // Where the two fitments of a common vehicle say different things, both are shown.
    const [fitments] = await queryDatabase<{ a: string | null; b: string | null }>(
      `select x.notes as a, y.notes as b from part_vehicles x
       join part_vehicles y on y.vehicle_id = x.vehicle_id and y.part_id = ?
       join vehicles v on v.id = x.vehicle_id where x.part_id = ? ${ORDER} limit 1`,
      iridium,
      ngk,
    );
    if (fitments!.a !== fitments!.b) {
      const first = page.getByTestId("compare-common").getByTestId("fitment-differs").first();
      await expect(first).toContainText("BKR6E:");
      await expect(first).toContainText("IZFR6K11:");
      for (const notes of [fitments!.a, fitments!.b])
        if (notes) await expect(first).toContainText(notes);
      await expect(page.getByTestId("compare-cautions")).toContainText(
        "a aplicação é diferente (posição, lado, anos ou observações)",
      );
    }

    await page.getByRole("link", { name: "Trocar A e B" }).click();
    await page.waitForURL((url) => url.searchParams.get("a") === "IZFR6K11");
    await expect(page.getByTestId("compare-verdict").getByRole("status")).toContainText(
      `${onlyB.length} veículos só com IZFR6K11 e ${onlyA.length} veículos só com BKR6E.`,
    );
    expect(await listLabels(page, "compare-only-a")).toEqual(onlyB);
    await expect(page.getByLabel("Código A", { exact: true })).toHaveValue("IZFR6K11");
  });

  test("parts of different kinds, an unknown code and a missing one", async ({
    page,
  }, testInfo) => {
    await register(page, testInfo, "Cliente Tipos");
    await page.goto("/search/compare");
    await compare(page, "BR123456", "W 712/95");
    await expect(page.getByTestId("compare-verdict").getByRole("status")).toHaveText(
      "Não são intercambiáveis: são peças de tipos diferentes (Freios × Filtros).",
    );
    const common = await commonLabels(await partId("BR123456"), await partId("W 712/95"));
    await expect(page.getByTestId("compare-common").getByTestId("vehicle-count")).toHaveText(
      String(common.length),
    );

    await compare(page, "ZZ-0000", "br-123.456");
    await expect(page.getByTestId("compare-verdict").getByRole("status")).toHaveText(
      "Código não encontrado: ZZ-0000.",
    );
    await expect(page.getByTestId("compare-part-a").getByTestId("part-not-found")).toContainText(
      "Nenhuma peça tem o código ZZ-0000.",
    );
    await expect(page.getByTestId("compare-part-b").getByTestId("part-code")).toHaveText(
      "BR123456",
    );
    await expect(page.getByTestId("compare-common")).toHaveCount(0);

    // A prefix of a code is not a code: a comparison does not guess.
    await compare(page, "BR1234", "BR123456");
    await expect(page.getByTestId("compare-verdict").getByRole("status")).toHaveText(
      "Código não encontrado: BR1234.",
    );

    await page.getByLabel("Código A", { exact: true }).fill("GDB123");
    await page.getByLabel("Código B", { exact: true }).fill("");
    await page.getByRole("button", { name: "Comparar", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("a") === "GDB123");
    await expect(page.getByText("Digite o código B")).toBeVisible();
    await expect(page.getByLabel("Código B", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Código A", { exact: true })).toHaveValue("GDB123");
    await expect(page.getByTestId("compare-verdict")).toHaveCount(0);
  });

  test("a customer is warned at the last credit and stopped at zero; a repeat stays free", async ({
    page,
  }, testInfo) => {
    const account = await register(page, testInfo, "Cliente Um Crédito");
    await setDailySearches(account.email, 1);
    await page.goto("/search/compare");
    await compare(page, "BKR6E", "IZFR6K11");
    await expect(page.getByTestId("credits-low")).toHaveText(
      "Você tem apenas 0 buscas restantes hoje.",
    );
    await expect(page.getByTestId("compare-verdict")).toBeVisible();

    await compare(page, "BR123456", "GDB123");
    const exhausted = page.getByTestId("credits-exhausted");
    await expect(exhausted).toContainText(
      "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.",
    );
    await expect(exhausted.getByRole("link", { name: "Fazer upgrade" })).toHaveAttribute(
      "href",
      "/settings?tab=planos",
    );
    await expect(page.getByTestId("compare-verdict")).toHaveCount(0);

    await compare(page, "izfr6k11", "bkr-6e");
    await expect(page.getByTestId("compare-verdict")).toHaveAttribute("data-kind", "partly");
  });
});
