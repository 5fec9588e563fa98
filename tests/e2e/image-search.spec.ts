import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { login, queryDatabase, register } from "./support";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/ocr");
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, "manifest.json"), "utf8")) as {
  file: string;
  code: string;
}[];
/** A photo of a box of the demo catalogue's best-known pad, BR123456. */
const photo = path.join(FIXTURES, manifest.find((entry) => entry.code === "BR123456")!.file);

test.describe("search by photo", () => {
  test("the code on a box photo is read, searched and can be corrected", async ({
    page,
  }, testInfo) => {
    const account = await register(page, testInfo, "Cliente Foto");
    await page.goto("/home?tab=imagem");
    await page.getByLabel("Foto da peça").setInputFiles(photo);
    if (testInfo.project.name === "js-on") {
      await expect(page.getByTestId("image-preview")).toBeVisible();
      // Loaded, not only laid out: the page's CSP must let the object URL through (img-src blob:).
      await expect
        .poll(() =>
          page.getByTestId("image-preview").evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    await page.getByRole("button", { name: "Buscar por imagem" }).click();
    await page.waitForURL(/\/search\?lido=/, { timeout: 30_000 });

    await expect(page.getByTestId("image-reading")).toContainText("Lido na imagem: BR123456");
    await expect(page.getByText("Busca por imagem", { exact: true })).toBeVisible();
    const card = page.getByTestId("result-card").first();
    await expect(card.getByTestId("part-code")).toHaveText("BR123456");
    const [logged] = await queryDatabase<{ type: string; charged: number; query_norm: string }>(
      `select s.type, s.charged, s.query_norm from searches s join users u on u.id = s.user_id
       where u.email = ? order by s.id desc limit 1`,
      account.email,
    );
    expect(logged).toEqual({ type: "image", charged: 1, query_norm: "BR123456" });

    // The reading is corrected as a typed code, in the search box above the results.
    const box = page.getByRole("textbox", { name: "Nova busca" });
    await expect(box).toHaveValue("BR123456");
    await box.fill("PSL55");
    await page.getByRole("button", { name: "Buscar", exact: true }).last().click();
    await page.waitForURL((url) => url.searchParams.get("q") === "PSL55");
    await expect(page.getByTestId("result-card").first().getByTestId("part-code")).toHaveText(
      "PSL55",
    );
    await expect(page.getByTestId("image-reading")).toHaveCount(0);
  });

  test("a file that is not an image is refused in pt-BR, and the page stays usable", async ({
    page,
  }) => {
    await login(page, "ze@oficina.demo", "demo1234");
    await page.goto("/home?tab=imagem");
    await page.getByLabel("Foto da peça").setInputFiles({
      name: "pecas.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("codigo\nBR123456\n"),
    });
    await page.getByRole("button", { name: "Buscar por imagem" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Por favor, selecione um arquivo de imagem válido (JPG, PNG, WebP ou GIF)",
    );
    await expect(page).toHaveURL(/\/home/);
    await page.getByRole("button", { name: "Buscar por imagem" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Por favor, selecione um arquivo de imagem válido|Selecione uma imagem para buscar/,
    );
  });
});
