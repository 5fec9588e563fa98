import { expect, test } from "@playwright/test";
import {
  ADMIN,
  fillRegister,
  login,
  openUserMenu,
  submitLogin,
  uniqueEmail,
  USER,
} from "./support";

test.describe("register", () => {
  test("refuses invalid input, then creates the account and lands on /home", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "registro");
    const name = "Joana Ferreira";
    await page.goto("/register");

    // Everything empty: one form-level message.
    await fillRegister(page, {});
    await expect(
      page.getByRole("alert").filter({ hasText: "Todos os campos são obrigatórios" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    // Passwords that differ.
    await fillRegister(page, { name, email, password: "senha-123", confirmPassword: "senha-456" });
    await expect(page.getByText("As senhas não coincidem", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    // A password shorter than 6 characters.
    await fillRegister(page, { name, email, password: "12345", confirmPassword: "12345" });
    await expect(
      page.getByText("A senha deve ter pelo menos 6 caracteres", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    // A valid registration.
    await fillRegister(page, { name, email, password: "senha-123", confirmPassword: "senha-123" });
    await page.waitForURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olá, Joana!");

    await openUserMenu(page);
    const menu = page.locator("details", { has: page.getByLabel("Menu do usuário") });
    await expect(menu).toContainText(name);
    await expect(menu).toContainText(email);
    await expect(menu).not.toContainText("Administrador");
  });
});

test.describe("login", () => {
  test("a wrong password shows the error and keeps the e-mail", async ({ page }) => {
    await submitLogin(page, USER.email, "senha-errada");
    await expect(
      page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(USER.email);
  });

  test("empty fields ask to fill everything", async ({ page }, testInfo) => {
    await page.goto("/login");
    // The show/hide toggle exists only once JavaScript runs: proof of which project this is.
    const toggle = page.getByRole("button", { name: "Mostrar senha" });
    if (testInfo.project.use.javaScriptEnabled === false) {
      await expect(toggle).toHaveCount(0);
    } else {
      await toggle.click();
      await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Ocultar senha" }).click();
      await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "password");
    }

    await submitLogin(page, "", "", { goto: false });
    await expect(
      page.getByRole("alert").filter({ hasText: "Por favor, preencha todos os campos" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("route guard", () => {
  test("anonymous /settings goes to login and comes back after signing in", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);

    await submitLogin(page, USER.email, USER.password, { goto: false });
    await page.waitForURL(/\/settings$/);
    await expect(page.getByText("Login realizado com sucesso!")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(nav.getByRole("link", { name: "Configurações", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("a role user opening /admin lands on /home", async ({ page }) => {
    await login(page, USER.email, USER.password);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Olá, /);

    // Signed in, /login sends on to /home as well.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("logout", () => {
  test("Sair in the avatar menu ends the session", async ({ page }) => {
    await login(page, USER.email, USER.password);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Sair", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByText("Logout realizado com sucesso")).toBeVisible();
    await expect(page.getByRole("link", { name: "Entrar", exact: true })).toBeVisible();

    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
  });
});

test.describe("navigation by role", () => {
  const adminOnly = [
    "Peças",
    "Admin",
    "Importar API",
    "Categorias",
    "Veículos",
    "Clientes",
    "Planos",
    "Faturas (Admin)",
  ];
  const everyone = ["Início", "Buscar Peças", "Estatísticas", "Configurações"];

  test("the admin sees the back-office items and no customer 'Faturas'", async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    for (const label of [...everyone, ...adminOnly]) {
      await expect(
        nav.getByRole("link", { name: label, exact: true }).first(),
        label,
      ).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Faturas", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Importação", exact: true })).toBeVisible();

    await openUserMenu(page);
    await expect(
      page.locator("details", { has: page.getByLabel("Menu do usuário") }),
    ).toContainText("Administrador");
  });

  test("a user sees 'Faturas' and no back-office items", async ({ page }) => {
    await login(page, USER.email, USER.password);
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    for (const label of [...everyone, "Faturas"]) {
      await expect(nav.getByRole("link", { name: label, exact: true }), label).toBeVisible();
    }
    for (const label of adminOnly) {
      await expect(nav.getByRole("link", { name: label, exact: true }), label).toHaveCount(0);
    }
    await expect(page.getByTestId("credits-chip")).toBeVisible();
  });
});
