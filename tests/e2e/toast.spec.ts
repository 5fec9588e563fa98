import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { login, USER } from "./support";

/** A low-end phone: the header (menu, search, avatar) fills the top of a 360 px screen. */
test.use({ viewport: { width: 360, height: 740 } });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/**
 * Signs in and returns the "Login realizado" notice. With JS on, the page clock stops right after
 * the sign-in, so the notice's 6 s timer only runs when the test says so.
 */
async function signInWithNotice(page: Page, testInfo: TestInfo) {
  const js = testInfo.project.name !== "js-off";
  if (js) await page.clock.install();
  await login(page, USER.email, USER.password);
  if (js) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const notice = page.getByRole("status").filter({ hasText: "Login realizado com sucesso!" });
  await expect(notice).toBeVisible();
  return notice;
}

test.describe("flash messages on a 360 px phone", () => {
  test("stay clear of the header and close with the ×", async ({ page }, testInfo) => {
    const notice = await signInWithNotice(page, testInfo);
    const noticeBox = await box(notice);
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(740);
    const banner = page.getByRole("banner");
    const header = [
      banner.getByLabel("Abrir menu"),
      banner.getByRole("searchbox", { name: "Buscar peças" }),
      banner.getByLabel("Menu do usuário"),
    ];
    for (const control of header) expect(overlaps(noticeBox, await box(control))).toBe(false);

    await notice.getByLabel("Fechar aviso").click();
    await expect(page.getByText("Login realizado com sucesso!")).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
    await banner.getByLabel("Abrir menu").click();
    await expect(banner.getByRole("link", { name: "Buscar Peças" })).toBeVisible();
  });

  test("fade after six seconds when JavaScript runs", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "no timer without JavaScript");
    await signInWithNotice(page, testInfo);
    await page.clock.runFor(5000);
    await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
    await page.clock.runFor(1500);
    await expect(page.getByText("Login realizado com sucesso!")).toBeHidden();
  });
});
