import { beforeAll, describe, expect, it } from "vitest";
import { listCategories } from "~/models/catalogue/category.server";
import { createSession } from "~/models/accounts/session.server";
import * as categoriesRoute from "~/routes/catalogue/api.parts.categories";
import * as newCategoryScreen from "~/routes/catalogue/_app.categories.new";
import { commitWebSession } from "~/server/auth.server";
import { createUser } from "../support/factories";
import { call, envelope } from "../support/routes";

/**
 * The rule of docs/decisions/0015-csrf-and-headers.md: a write signed by the session cookie must
 * come from our own pages; a body must be JSON. On POST /api/parts/categories and its screen.
 */

let adminCookie: string;
let adminToken: string;

beforeAll(async () => {
  const { user } = await createUser({ role: "admin" });
  const setCookie = await commitWebSession(user, new Request("http://localhost/"), "127.0.0.1");
  adminCookie = setCookie.split(";")[0]!;
  adminToken = createSession(user.id, "api").id;
});

let counter = 0;
type HeaderSet = Record<string, string>;
type Sent = { response: Response; created: boolean; label: string };

/** Sends a new category's name one way; says what came back and whether the category exists. */
async function attempt(send: (name: string) => Promise<Response>, label: string): Promise<Sent> {
  const name = `Categoria CSRF ${Date.now()} ${counter++}`;
  const response = await send(name);
  return { response, created: listCategories(name).some((c) => c.name === name), label };
}

/** POST /api/parts/categories with a JSON text as body and exactly these headers. */
const api = (signedBy: { cookie: string } | { token: string }, headers: HeaderSet) =>
  attempt(
    (name) =>
      call(categoriesRoute.action, "/api/parts/categories", {
        method: "POST",
        body: JSON.stringify({ name, description: "" }),
        ...signedBy,
        headers,
      }),
    JSON.stringify(headers),
  );

/** The "Nova categoria" screen's form, posted with the admin's cookie. */
const screen = (headers: HeaderSet) =>
  attempt(
    (name) =>
      call(newCategoryScreen.action, "/categories/new", {
        method: "POST",
        cookie: adminCookie,
        body: new URLSearchParams({ name }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      }),
    JSON.stringify(headers),
  );

const JSON_TYPE = { "Content-Type": "application/json" };

function expectRefused({ response, created, label }: Sent, status: number) {
  expect(response.status, label).toBe(status);
  expect(created, label).toBe(false);
}

describe("writes with the session cookie", () => {
  const cookie = () => ({ cookie: adminCookie });

  it("refuses a cross-site text/plain post (the attack of issue #9) with a 403, creating nothing", async () => {
    const sent = await api(cookie(), {
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: "https://evil.example",
    });
    expectRefused(sent, 403);
    expect(await envelope(sent.response)).toEqual({
      success: false,
      data: null,
      message: expect.stringContaining("Requisição recusada"),
    });
  });

  it("refuses Sec-Fetch-Site: cross-site or same-site, even with a JSON body", async () => {
    for (const site of ["cross-site", "same-site"])
      expectRefused(await api(cookie(), { ...JSON_TYPE, "Sec-Fetch-Site": site }), 403);
  });

  it("refuses when the browser says nothing about where it comes from, or the origin differs", async () => {
    const origins: HeaderSet[] = [
      {},
      { Origin: "null" },
      { Origin: "https://localhost" },
      { Origin: "http://localhost:8080" },
    ];
    for (const origin of origins)
      expectRefused(await api(cookie(), { ...JSON_TYPE, ...origin }), 403);
  });

  it("accepts a JSON post whose Origin is the request's own origin", async () => {
    const sent = await api(cookie(), { ...JSON_TYPE, Origin: "http://localhost" });
    expect(sent.response.status).toBe(201);
    expect(sent.created).toBe(true);
  });

  it("accepts a same-origin JSON post (Sec-Fetch-Site: same-origin)", async () => {
    const sent = await api(cookie(), { ...JSON_TYPE, "Sec-Fetch-Site": "same-origin" });
    expect(sent.response.status).toBe(201);
    expect(sent.created).toBe(true);
  });

  it("answers 415 to a same-origin body that is not sent as JSON", async () => {
    const sent = await api(cookie(), {
      "Content-Type": "text/plain",
      "Sec-Fetch-Site": "same-origin",
    });
    expectRefused(sent, 415);
    expect((await envelope(sent.response)).message).toBe(
      "O corpo da requisição deve ser JSON, enviado com Content-Type: application/json",
    );
  });

  it("still lets the cookie read from anywhere (GET is not a write)", async () => {
    const response = await call(categoriesRoute.loader, "/api/parts/categories", {
      cookie: adminCookie,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(200);
  });
});

describe("writes with a bearer token", () => {
  const token = () => ({ token: adminToken });

  it("are not asked where they come from (the browser never attaches a token by itself)", async () => {
    const sent = await api(token(), { ...JSON_TYPE, Origin: "https://evil.example" });
    expect(sent.response.status).toBe(201);
  });

  it("answer 415 with a pt-BR message to a body that is not sent as JSON", async () => {
    const types: HeaderSet[] = [
      {},
      { "Content-Type": "text/plain" },
      { "Content-Type": "application/x-www-form-urlencoded" },
    ];
    for (const type of types) {
      const sent = await api(token(), type);
      expectRefused(sent, 415);
      expect(await envelope(sent.response)).toMatchObject({ success: false, data: null });
    }
  });
});

describe("screen forms with the session cookie", () => {
  it("refuse a post from another origin with a 403 and create nothing", async () => {
    const elsewhere: HeaderSet[] = [
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "http://localhost:8080" },
    ];
    for (const headers of elsewhere) {
      const sent = await screen(headers);
      expectRefused(sent, 403);
      expect(await sent.response.text()).toContain("Envio recusado");
    }
  });

  it("accept the same form sent by our own page", async () => {
    const ours: HeaderSet[] = [{ "Sec-Fetch-Site": "same-origin" }, { Origin: "http://localhost" }];
    for (const headers of ours) {
      const sent = await screen(headers);
      expect(sent.response.status, sent.label).toBe(302);
      expect(sent.created, sent.label).toBe(true);
    }
  });
});
