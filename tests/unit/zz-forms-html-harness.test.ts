// TEMPORARY harness (not committed): renders pages with forms and writes normalised HTML.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { it } from "vitest";
import { subscriptions } from "~db/schema";
import * as entryServer from "~/entry.server";
import { db } from "~/utils/db.server";
import {
  createBrand,
  createCategory,
  createFreePlan,
  createInvoiceFor,
  createPart,
  createPlan,
  createUser,
  createVehicle,
  sessionHeaders,
} from "../support/factories";
import { routeManifest, serverBuild } from "../support/route-manifest";

const OUT = process.env.FORMS_OUT ?? "/tmp/formsh/out";

function normalise(html: string) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/\d{2}\/\d{2}\/\d{4}(,? (às )?\d{2}:\d{2}(:\d{2})?)?/g, "DATE")
    .replace(/></g, ">\n<");
}

it("renders", { timeout: 300_000 }, async () => {
  mkdirSync(OUT, { recursive: true });
  const build = await serverBuild(
    await routeManifest(),
    entryServer as unknown as ServerBuild["entry"]["module"],
  );
  const handle = createRequestHandler(build, "production");
  createFreePlan();
  const plan = createPlan({ name: "Plano Fixo", priceCents: 4990, creditsPerMonth: 3000 });
  const { user: admin } = await createUser({ role: "admin", email: "admin@x.dev", name: "Admin" });
  const { user: customer } = await createUser({ email: "c@x.dev", name: "Cliente" });
  const category = createCategory("Filtros");
  createBrand("Fiat");
  const vehicle = createVehicle({ brand: "Fiat", model: "Uno", year: 2012, version: "Vivace 1.0" });
  const part = createPart({
    code: "ABC123",
    name: "Filtro",
    categoryId: category.id,
    manufacturer: "Bosch",
  } as never);
  const sub = db()
    .insert(subscriptions)
    .values({ userId: customer.id, planId: plan.id, status: "pending", paymentMethod: "pix" })
    .returning()
    .get();
  const invoice = createInvoiceFor(customer.id, {
    planId: plan.id,
    status: "pending",
    paidAt: null,
    amountCents: 4990,
    subscriptionId: sub.id,
  });
  const adminCookie = (await sessionHeaders(admin, "web")).Cookie!;
  const customerCookie = (await sessionHeaders(customer, "web")).Cookie!;
  const gets: [string, string, string | null][] = [
    ["login", "/login", null],
    ["register", "/register", null],
    ["landing", "/", null],
    ["parts-new", "/parts/new", adminCookie],
    ["parts-edit", `/parts/${part.id}/edit`, adminCookie],
    ["customers", "/customers", adminCookie],
    ["customers-new", "/customers/new", adminCookie],
    ["customers-edit", `/customers/${customer.id}/edit`, adminCookie],
    ["customers-password", `/customers/${customer.id}/password`, adminCookie],
    ["customers-credits", `/customers/${customer.id}/credits`, adminCookie],
    ["customers-plan", `/customers/${customer.id}/plan`, adminCookie],
    ["plans", "/plans", adminCookie],
    ["plans-new", "/plans/new", adminCookie],
    ["plans-edit", `/plans/${plan.id}/edit`, adminCookie],
    ["categories", "/categories", adminCookie],
    ["categories-new", "/categories/new", adminCookie],
    ["categories-edit", `/categories/${category.id}/edit`, adminCookie],
    ["brands-new", "/vehicles/brands/new", adminCookie],
    ["vehicles", "/vehicles", adminCookie],
    ["vehicles-new", "/vehicles/new", adminCookie],
    ["vehicles-edit", `/vehicles/${vehicle.id}/edit`, adminCookie],
    ["vehicles-compat", `/vehicles/${vehicle.id}/compatibility`, adminCookie],
    ["fipe", "/vehicles/import-fipe", adminCookie],
    ["import", "/admin/import", adminCookie],
    ["seo", "/admin?tab=seo", adminCookie],
    ["synonyms", "/admin/synonyms", adminCookie],
    ["admin-invoices", "/admin-invoices", adminCookie],
    ["payment-methods", "/payment-methods", adminCookie],
    ["profile-admin", "/profile", adminCookie],
    ["profile", "/profile", customerCookie],
    ["settings", "/settings", customerCookie],
    ["home", "/home", customerCookie],
    ["search", "/search", customerCookie],
    ["search-vehicle", "/search/vehicle", customerCookie],
    ["compare", "/search/compare", customerCookie],
    ["altdemo", "/alternative-codes-demo", customerCookie],
    ["settings-sec", "/settings?tab=seguranca", customerCookie],
    ["settings-pref", "/settings?tab=preferencias", customerCookie],
    ["compare-q", "/search/compare?a=&b=" + "x".repeat(70), customerCookie],
    ["pix", `/invoices/${invoice.id}/pix`, customerCookie],
    ["plan-change", `/settings/plano/${plan.id}`, customerCookie],
  ];
  const posts: [string, string, string | null, Record<string, string>][] = [
    ["login-post", "/login", null, { email: "x", password: "" }],
    ["register-post", "/register", null, { name: "", email: "x", password: "1", confirmPassword: "2" }],
    ["parts-new-post", "/parts/new", adminCookie, { code: "", name: "", "alternativeCodes[0].code": "" }],
    ["customers-new-post", "/customers/new", adminCookie, { name: "", email: "bad" }],
    ["customers-password-post", `/customers/${customer.id}/password`, adminCookie, { password: "1", confirmPassword: "2" }],
    ["customers-credits-post", `/customers/${customer.id}/credits`, adminCookie, { amount: "x" }],
    ["customers-plan-post", `/customers/${customer.id}/plan`, adminCookie, { planId: "" }],
    ["plans-new-post", "/plans/new", adminCookie, { name: "", price: "x" }],
    ["categories-new-post", "/categories/new", adminCookie, { name: "" }],
    ["brands-new-post", "/vehicles/brands/new", adminCookie, { name: "" }],
    ["vehicles-new-post", "/vehicles/new", adminCookie, { brand: "", year: "1" }],
    ["seo-post", "/admin?tab=seo", adminCookie, { intent: "seo", siteTitle: "x".repeat(500), canonicalUrl: "bad", twitterCard: "zzz" }],
    ["synonyms-post", "/admin/synonyms", adminCookie, { intent: "create", term: "", meaning: "" }],
    ["payment-methods-post", "/payment-methods", adminCookie, { intent: "save-mercadopago", notificationUrl: "bad", publicKey: "x".repeat(400) }],
    ["payment-methods-post2", "/payment-methods", adminCookie, { intent: "save-paghiper", apiKey: "x".repeat(400) }],
    ["profile-post", "/profile", customerCookie, { intent: "profile", name: "", email: "bad" }],
    ["profile-post2", "/profile", customerCookie, { intent: "password", currentPassword: "", newPassword: "1", confirmPassword: "2" }],
    ["settings-post", "/settings?tab=seguranca", customerCookie, { intent: "password", currentPassword: "", newPassword: "1", confirmPassword: "2" }],
    ["pix-post", `/invoices/${invoice.id}/pix`, customerCookie, { intent: "generate", cpf: "123" }],
    ["compare-post", "/search/compare", customerCookie, { codeA: "", codeB: "" }],
    ["fipe-post", "/vehicles/import-fipe", adminCookie, { intent: "start" }],
  ];
  for (const [name, path, cookie] of gets) {
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    const res = await handle(new Request(`http://localhost${path}`, { headers }));
    writeFileSync(`${OUT}/${name}.html`, `${res.status}\n${normalise(await res.text())}`);
  }
  for (const [name, path, cookie, form] of posts) {
    const headers: Record<string, string> = {
      Origin: "http://localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      Host: "localhost",
    };
    if (cookie) headers.Cookie = cookie;
    const res = await handle(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers,
        body: new URLSearchParams(form).toString(),
      }),
    );
    writeFileSync(`${OUT}/${name}.html`, `${res.status} ${res.headers.get("Location") ?? ""}\n${normalise(await res.text())}`);
  }
});
