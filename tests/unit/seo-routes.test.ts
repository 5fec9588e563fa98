import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activity, seoSettings } from "~db/schema";
import * as messages from "~/messages";
import { createSession } from "~/models/accounts/session.server";
import { saveSeoSettings, seoSettingsForAdmin } from "~/models/seo/seo.server";
import type { User } from "~/models/accounts/user.server";
import * as adminRoute from "~/routes/dashboard/_app.admin";
import * as seoApi from "~/routes/dashboard/api.settings.seo";
import * as faviconRoute from "~/routes/site/favicon[.]svg";
import * as robotsRoute from "~/routes/site/robots[.]txt";
import * as sitemapRoute from "~/routes/site/sitemap[.]xml";
import { NO_SEO_SETTINGS } from "~/schemas/seo/seo";
import { commitWebSession } from "~/server/auth.server";
import { db } from "~/utils/db.server";
import {
  createPlan,
  createUser,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { productionHandler } from "../support/route-manifest";
import { call, envelope } from "../support/routes";

const m = messages.seo;

let admin: User;
let customer: User;
let adminToken: string;
let userToken: string;
let premiumToken: string;
let adminCookie: string;

beforeAll(async () => {
  admin = (await createUser({ role: "admin", name: "Admin SEO" })).user;
  customer = (await createUser({ name: "Cliente SEO" })).user;
  adminToken = createSession(admin.id, "api").id;
  userToken = createSession(customer.id, "api").id;
  premiumToken = createSession((await createUser({ role: "premium_user" })).user.id, "api").id;
  const setCookie = await commitWebSession(admin, new Request("http://localhost/"), "127.0.0.1");
  adminCookie = setCookie.split(";")[0]!;
});

beforeEach(() => {
  db().delete(seoSettings).run();
});

/** The stored row as text, so any write shows. */
const storedRow = () => JSON.stringify(db().select().from(seoSettings).all());

const put = (json: unknown, token = adminToken) =>
  call(seoApi.action, "/api/settings/seo", { method: "PUT", json, token });

describe("GET/PUT /api/settings/seo", () => {
  it("is for admins only: 401 anonymous, 403 customers, nothing changes", async () => {
    expect(seoApi.access).toEqual({ GET: ["admin"], PUT: ["admin"] });
    expect((await call(seoApi.loader, "/api/settings/seo")).status).toBe(401);
    for (const token of [userToken, premiumToken]) {
      expect((await call(seoApi.loader, "/api/settings/seo", { token })).status).toBe(403);
      expect((await put({ site_title: "Invadido" }, token)).status).toBe(403);
    }
    expect(storedRow()).toBe("[]");
  });

  it("answers the settings under the API's names", async () => {
    saveSeoSettings(
      { ...NO_SEO_SETTINGS, siteTitle: "Título salvo", logoInitials: "EN" },
      admin.id,
    );
    const response = await call(seoApi.loader, "/api/settings/seo", { token: adminToken });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      site_title: "Título salvo",
      logo_initials: "EN",
      site_description: null,
      twitter_card: "summary_large_image",
      sitemap_enabled: true,
      robots_txt: null,
      canonical_url: null,
    });
    expect(typeof body.data.updated_at).toBe("string");
  });

  it("saves, keeps fields left out, and records the admin's activity", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteName: "Nome antigo" }, admin.id);
    const response = await put({
      site_title: "Encaixa — autopeças",
      canonical_url: "https://www.exemplo.com.br/",
      sitemap_enabled: false,
      twitter_site: "@encaixa",
    });
    expect(response.status).toBe(200);
    const body = await envelope(response);
    expect(body.message).toBe(m.saved);
    expect(body.data).toMatchObject({
      site_title: "Encaixa — autopeças",
      site_name: "Nome antigo",
      canonical_url: "https://www.exemplo.com.br",
      sitemap_enabled: false,
      twitter_site: "@encaixa",
    });
    expect(seoSettingsForAdmin()).toMatchObject({ siteName: "Nome antigo", sitemapEnabled: false });
    const logged = db().select().from(activity).where(eq(activity.entity, "seo_settings")).all();
    expect(logged.at(-1)).toMatchObject({ actorId: admin.id, action: m.activitySaved });
  });

  it("400 with pt-BR errors under the API's names; nothing changes", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteTitle: "Antes" }, admin.id);
    const before = storedRow();
    const response = await put({
      site_title: "Depois",
      logo_initials: "ABCD",
      og_image_url: "javascript:alert(1)",
      canonical_url: "https://x.com/?a=1",
      twitter_card: "player",
    });
    expect(response.status).toBe(400);
    const body = await envelope(response);
    expect(body.success).toBe(false);
    expect(body.errors).toMatchObject({
      logo_initials: [m.errors.logoInitialsTooLong],
      og_image_url: [m.errors.invalidUrl(m.fields.ogImageUrl)],
      canonical_url: [m.errors.canonicalWithQuery],
      twitter_card: [m.errors.invalidTwitterCard],
    });
    expect(body.message).toBe(m.errors.logoInitialsTooLong);
    expect(storedRow()).toBe(before);
  });

  it("malformed JSON 400, a body that is not the SEO object 400, nothing changes", async () => {
    const before = storedRow();
    const broken = await call(seoApi.action, "/api/settings/seo", {
      method: "PUT",
      token: adminToken,
      body: "{site_title:",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect((await envelope(broken)).message).toBe(messages.api.invalidJson);
    for (const json of [[], "texto", 42, { outro: 1 }]) {
      const response = await put(json);
      expect(response.status).toBe(400);
      expect((await envelope(response)).message).toBe(m.errors.nothingToSave);
    }
    expect(storedRow()).toBe(before);
  });

  it("415 for a body that is not JSON, 405 for another method", async () => {
    const form = await call(seoApi.action, "/api/settings/seo", {
      method: "PUT",
      token: adminToken,
      body: "site_title=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await envelope(form)).message).toBe(messages.api.jsonRequired);
    for (const method of ["POST", "PATCH", "DELETE"]) {
      const response = await call(seoApi.action, "/api/settings/seo", {
        method,
        token: adminToken,
        json: { site_title: "x" },
      });
      expect(response.status).toBe(405);
    }
    expect(storedRow()).toBe("[]");
  });

  it("a cross-site write signed by the admin's cookie is a 403; from the app's pages it saves", async () => {
    const send = (headers: Record<string, string>) =>
      call(seoApi.action, "/api/settings/seo", {
        method: "PUT",
        cookie: adminCookie,
        json: { site_title: "Via cookie" },
        headers,
      });
    expect((await send({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await send({ Origin: "https://evil.example" })).status).toBe(403);
    expect(storedRow()).toBe("[]");
    expect((await send({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect(seoSettingsForAdmin().siteTitle).toBe("Via cookie");
  });

  it("concurrent PUTs each save whole: the row is one of them, never a mix", async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => ({
      site_title: `Título ${i}`,
      site_description: `Descrição ${i}`,
    }));
    const responses = await Promise.all(bodies.map((body) => put(body)));
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const saved = seoSettingsForAdmin();
    const i = saved.siteTitle!.replace("Título ", "");
    expect(saved.siteDescription).toBe(`Descrição ${i}`);
    expect(db().select().from(seoSettings).all()).toHaveLength(1);
  });
});

// --- The dashboard's SEO tab --------------------------------------------------------------------

async function postTab(fields: Record<string, string>, user = admin) {
  return invoke(adminRoute.action, "/admin?tab=seo", {
    method: "POST",
    body: new URLSearchParams({ intent: "seo", ...fields }).toString(),
    headers: await postHeaders(user),
  });
}

type Reply = {
  status?: string;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown>;
};

describe("the dashboard's SEO tab", () => {
  it("loads the saved settings for ?tab=seo", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteTitle: "Na aba" }, admin.id);
    const response = await invoke(adminRoute.loader, "/admin?tab=seo", {
      headers: await sessionHeaders(admin, "web"),
    });
    const body = (await response.json()) as { view: { tab: string; seo: Record<string, unknown> } };
    expect(body.view.tab).toBe("seo");
    expect(body.view.seo).toMatchObject({ siteTitle: "Na aba", sitemapEnabled: true });
  });

  it("saves a valid form and says so with a toast on /admin?tab=seo", async () => {
    const response = await postTab({
      siteTitle: "Título pela aba",
      siteDescription: "Descrição pela aba",
      logoInitials: "EC",
      twitterCard: "summary",
      sitemapEnabled: "on",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=seo");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: m.saved });
    expect(seoSettingsForAdmin()).toMatchObject({
      siteTitle: "Título pela aba",
      logoInitials: "EC",
      twitterCard: "summary",
      sitemapEnabled: true,
    });
  });

  it("an unticked sitemap box turns the sitemap off", async () => {
    await postTab({ siteTitle: "Sem sitemap" });
    expect(seoSettingsForAdmin().sitemapEnabled).toBe(false);
  });

  it("refuses bad fields with 400, pt-BR messages and the typed values; nothing changes", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteTitle: "Antes" }, admin.id);
    const before = storedRow();
    const response = await postTab({
      siteTitle: "Digitado",
      logoInitials: "ABCD",
      twitterSite: "sem-arroba",
    });
    expect(response.status).toBe(400);
    const { intent, reply } = (await response.json()) as { intent: string; reply: Reply };
    expect(intent).toBe("seo");
    expect(reply.error).toMatchObject({
      logoInitials: [m.errors.logoInitialsTooLong],
      twitterSite: [m.errors.invalidTwitterSite],
    });
    expect(reply.initialValue).toMatchObject({ siteTitle: "Digitado", logoInitials: "ABCD" });
    expect(storedRow()).toBe(before);
  });

  it("sends a customer to /home and changes nothing", async () => {
    const response = await postTab({ siteTitle: "Cliente" }, customer);
    expect(response.headers.get("Location")).toBe("/home");
    expect(storedRow()).toBe("[]");
  });
});

// --- robots.txt and sitemap.xml -----------------------------------------------------------------

describe("/robots.txt", () => {
  it("answers the default as plain text, with the sitemap line", async () => {
    const response = await call(robotsRoute.loader, "/robots.txt");
    expect(robotsRoute.access).toBe("public");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("answers the admin's own text", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, robotsTxt: "User-agent: *\nDisallow: /" }, admin.id);
    const text = await (await call(robotsRoute.loader, "/robots.txt")).text();
    expect(text).toBe("User-agent: *\nDisallow: /\n");
  });
});

describe("/favicon.svg", () => {
  it("draws the saved logo initials, else the default, and answers 304 to a cached copy", async () => {
    expect(faviconRoute.access).toBe("public");
    const first = await call(faviconRoute.loader, "/favicon.svg");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await first.text()).toContain(`>${messages.app.defaultLogoInitials}</text>`);

    saveSeoSettings({ ...NO_SEO_SETTINGS, logoInitials: "A&B" }, admin.id);
    const saved = await call(faviconRoute.loader, "/favicon.svg");
    expect(await saved.text()).toContain(">A&amp;B</text>");
    const etag = saved.headers.get("ETag")!;
    const again = await call(faviconRoute.loader, "/favicon.svg", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });
});

describe("/sitemap.xml", () => {
  it("lists the public pages as XML with escaped absolute addresses and W3C dates", async () => {
    const plan = createPlan({ status: "active" });
    saveSeoSettings(
      { ...NO_SEO_SETTINGS, canonicalUrl: "https://exemplo.com.br/loja&cia" },
      admin.id,
    );
    const response = await call(sitemapRoute.loader, "/sitemap.xml");
    expect(sitemapRoute.access).toBe("public");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain("<loc>https://exemplo.com.br/loja&amp;cia/</loc>");
    expect(xml).toContain(`<loc>https://exemplo.com.br/loja&amp;cia/planos/${plan.id}</loc>`);
    expect(xml).toContain("<loc>https://exemplo.com.br/loja&amp;cia/termos</loc>");
    expect(xml).not.toMatch(/\/parts|\/search|\/admin/);
    const dates = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThanOrEqual(6);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it("is a 404 while the sitemap is off", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, sitemapEnabled: false }, admin.id);
    const response = await call(sitemapRoute.loader, "/sitemap.xml");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(m.sitemapDisabled);
  });
});

// --- The landing's head, as the server renders it -----------------------------------------------

const LANDING_ROUTES = new Set(["routes/_landing", "routes/_landing._index"]);
const handle = await productionHandler({ routes: LANDING_ROUTES });

describe("the landing's head", () => {
  it("carries the saved title, description, canonical, Open Graph and Twitter tags", async () => {
    saveSeoSettings(
      {
        ...NO_SEO_SETTINGS,
        siteTitle: "Encaixa & Cia — autopeças",
        siteDescription: "Peças que servem no seu carro, conferidas pelo código de cada uma",
        canonicalUrl: "https://www.exemplo.com.br",
        ogImageUrl: "https://cdn.exemplo.com.br/og.png",
        twitterSite: "@encaixa",
        faviconUrl: "https://cdn.exemplo.com.br/icone.png",
      },
      admin.id,
    );
    const response = await handle(
      new Request("http://localhost/?teste=1", { headers: { Host: "localhost" } }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<title>Encaixa &amp; Cia — autopeças</title>");
    expect(head).toContain(
      '<meta name="description" content="Peças que servem no seu carro, conferidas pelo código de cada uma"/>',
    );
    expect(head).toContain('<link rel="canonical" href="https://www.exemplo.com.br/"/>');
    expect(head).toContain('<meta property="og:url" content="https://www.exemplo.com.br/"/>');
    expect(head).toContain('<meta property="og:title" content="Encaixa &amp; Cia — autopeças"/>');
    expect(head).toContain(
      '<meta property="og:image" content="https://cdn.exemplo.com.br/og.png"/>',
    );
    expect(head).toContain('<meta property="og:locale" content="pt_BR"/>');
    expect(head).toContain('<meta property="og:type" content="website"/>');
    expect(head).toContain('<meta name="twitter:site" content="@encaixa"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(head).toContain('<link rel="icon" href="https://cdn.exemplo.com.br/icone.png"/>');
    expect(head).not.toContain("noindex");
    // The structured data (ADR 0058): one JSON-LD block, a data block the CSP does not govern.
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)["@graph"][0]).toMatchObject({
      "@type": "Organization",
      url: "https://www.exemplo.com.br/",
    });
  });

  it("puts the app's own share image and description where the saved ones are missing or too short", async () => {
    saveSeoSettings({ ...NO_SEO_SETTINGS, siteDescription: "Sistema de Peças" }, admin.id);
    const response = await handle(
      new Request("http://localhost/", { headers: { Host: "localhost" } }),
    );
    const html = await response.text();
    expect(html).toContain(
      `<meta name="description" content="${messages.seoPages.defaultDescription}"/>`,
    );
    expect(html).toContain('<meta property="og:image" content="http://localhost/og-image.png"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta name="twitter:image" content="http://localhost/og-image.png"/>');
  });

  it("without a canonical URL uses the request's origin", async () => {
    const response = await handle(
      new Request("http://localhost/", { headers: { Host: "localhost" } }),
    );
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="http://localhost/"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  });
});
