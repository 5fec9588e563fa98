import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchSynonyms } from "~db/schema";
import * as messages from "~/messages";
import {
  addSynonym,
  getSynonym,
  synonymMeanings,
  SYNONYMS_MAX,
} from "~/models/search/synonyms.server";
import type { User } from "~/models/accounts/user.server";
import * as deleteRoute from "~/routes/search/_app.admin_.synonyms.$id.delete";
import * as listRoute from "~/routes/search/_app.admin_.synonyms";
import { db } from "~/utils/db.server";
import {
  accepted,
  createUser,
  FORM,
  invoke,
  postHeaders,
  sessionHeaders,
  toastOf,
} from "../support/factories";
import { productionHandler } from "../support/route-manifest";
import { race } from "../support/race";

const m = messages.synonyms;

let admin: User;
let customer: User;
let premium: User;

beforeAll(async () => {
  admin = (await createUser({ role: "admin", name: "Admin Sinônimos" })).user;
  customer = (await createUser({ name: "Cliente Sinônimos" })).user;
  premium = (await createUser({ role: "premium_user" })).user;
});

beforeEach(() => {
  db().delete(searchSynonyms).run();
});

const rows = () =>
  db()
    .select({ term: searchSynonyms.term, meaning: searchSynonyms.meaning })
    .from(searchSynonyms)
    .all()
    .map((r) => `${r.term}>${r.meaning}`)
    .sort();

const seed = (term: string, meaning: string) => accepted(addSynonym({ term, meaning }, admin.id));

const list = async (query = "", user: User = admin) =>
  invoke(listRoute.loader, `/admin/synonyms${query}`, {
    headers: await sessionHeaders(user, "web"),
  });

const add = async (
  fields: Record<string, string> | string,
  options: { user?: User; query?: string; headers?: Record<string, string> } = {},
) =>
  invoke(listRoute.action, `/admin/synonyms${options.query ?? ""}`, {
    method: "POST",
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    headers: { ...(await postHeaders(options.user ?? admin)), ...options.headers },
  });

const remove = async (
  id: number | string,
  options: { user?: User; query?: string; headers?: Record<string, string> } = {},
) =>
  invoke(deleteRoute.action, `/admin/synonyms/${id}/delete${options.query ?? ""}`, {
    method: "POST",
    params: { id: String(id) },
    body: "intent=delete",
    headers: { ...(await postHeaders(options.user ?? admin)), ...options.headers },
  });

/** A Conform reply's field errors. */
const errorsOf = async (response: Response) =>
  ((await response.json()) as { error?: Record<string, string[]> }).error;

describe("who may use the synonyms screen", () => {
  it("is for admins only: anonymous to the login, customers to /home, nothing written", async () => {
    expect(listRoute.access).toEqual(["admin"]);
    expect(deleteRoute.access).toEqual(["admin"]);
    const kept = seed("diant", "dianteiro");

    const anonymous = await invoke(listRoute.loader, "/admin/synonyms");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    for (const user of [customer, premium]) {
      expect((await list("", user)).headers.get("Location")).toBe("/home");
      const added = await add({ term: "tras", meaning: "traseiro" }, { user });
      expect(added.headers.get("Location")).toBe("/home");
      const removed = await remove(kept.id, { user });
      expect(removed.headers.get("Location")).toBe("/home");
      const dialog = await invoke(deleteRoute.loader, `/admin/synonyms/${kept.id}/delete`, {
        params: { id: String(kept.id) },
        headers: await sessionHeaders(user, "web"),
      });
      expect(dialog.headers.get("Location")).toBe("/home");
    }
    expect(rows()).toEqual(["diant>dianteiro"]);
  });

  it("refuses a post from another site with a 403 in pt-BR, writing nothing", async () => {
    const kept = seed("diant", "dianteiro");
    const elsewhere: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "http://localhost:8080" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const headers of elsewhere) {
      const added = await add({ term: "tras", meaning: "traseiro" }, { headers });
      expect(added.status, JSON.stringify(headers)).toBe(403);
      expect(await added.text()).toBe(messages.auth.crossSiteForm);
      const removed = await remove(kept.id, { headers });
      expect(removed.status, JSON.stringify(headers)).toBe(403);
    }
    expect(rows()).toEqual(["diant>dianteiro"]);
  });
});

describe("GET /admin/synonyms", () => {
  it("lists a page by term with the total, the filter finding either side folded", async () => {
    for (const [term, meaning] of [
      ["tras", "traseiro"],
      ["amort", "amortecedor"],
      ["diant", "dianteiro"],
    ])
      seed(term!, meaning!);
    const all = await (await list()).json();
    expect(all).toMatchObject({ q: "", all: 3, page: { page: 1, pages: 1, total: 3 } });
    expect(all.synonyms.map((s: { term: string }) => s.term)).toEqual(["amort", "diant", "tras"]);

    const filtered = await (await list("?q=Traseíro")).json();
    expect(filtered).toMatchObject({ q: "Traseíro", all: 3, page: { total: 1 } });
    expect(filtered.synonyms).toEqual([expect.objectContaining({ term: "tras" })]);
  });

  it("ignores a bad page or filter instead of failing", async () => {
    seed("diant", "dianteiro");
    for (const query of [
      "?page=abc",
      "?page=-3",
      "?page=1e9",
      "?page=999999",
      "?page=1&page=2",
      `?q=${"x".repeat(5000)}`,
      "?q=%25%5F%5C",
      "?q[]=a&page[]=1",
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(200);
      const body = await response.json();
      expect(body.page.page, query).toBe(1);
      expect(body.q.length, query).toBeLessThanOrEqual(60);
    }
  });
});

describe("adding a synonym (POST /admin/synonyms)", () => {
  it("stores it folded, says so in a toast and goes back to the list with its filter", async () => {
    const response = await add({ term: " Diant ", meaning: "DIANTEIRO" }, { query: "?q=di" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/synonyms?q=di");
    expect(await toastOf(response)).toEqual({ type: "success", message: m.created });
    expect(rows()).toEqual(["diant>dianteiro"]);
    expect(synonymMeanings().get("diant")).toEqual(["dianteiro"]);
  });

  it("answers 400 with the field's pt-BR message for what the form refuses", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { term: [m.termRequired], meaning: [m.meaningRequired] }],
      [{ term: "lado dir", meaning: "direito" }, { term: [m.termInvalid] }],
      [{ term: "c/", meaning: "com" }, { term: [m.termInvalid] }],
      [{ term: "x".repeat(41), meaning: "x" }, { term: [m.termTooLong(40)] }],
      [{ term: "diant", meaning: "d".repeat(61) }, { meaning: [m.meaningTooLong(60)] }],
      [{ term: "diant", meaning: "<script>" }, { meaning: [m.meaningInvalid] }],
      [{ term: "Diant", meaning: "diant" }, { meaning: [m.sameAsTerm] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await add(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await errorsOf(response), JSON.stringify(fields)).toEqual(errors);
    }
    expect(rows()).toEqual([]);
  });

  it("refuses a pair already there with a 409 on the term field", async () => {
    seed("diant", "dianteiro");
    const response = await add({ term: "DIANT", meaning: "Dianteiro" });
    expect(response.status).toBe(409);
    expect(await errorsOf(response)).toEqual({ term: [m.duplicate] });
    expect(rows()).toEqual(["diant>dianteiro"]);
  });

  it("refuses a new synonym once the table is full, with a 409 above the form", async () => {
    const insert = db().$client.prepare(
      "insert into search_synonyms (term, meaning) values (?, ?)",
    );
    db().$client.transaction(() => {
      for (let i = 0; i < SYNONYMS_MAX; i++) insert.run(`t${i}`, "x");
    })();
    const response = await add({ term: "embr", meaning: "embreagem" });
    expect(response.status).toBe(409);
    const reply = (await response.json()) as { error?: Record<string, string[]> };
    expect(reply.error).toEqual({ "": [m.full("2.000")] });
    expect(rows()).toHaveLength(SYNONYMS_MAX);
  });

  it("refuses malformed bodies with a 4xx in pt-BR, writing nothing", async () => {
    const sent: [string, string, number, string][] = [
      [
        "text/plain;charset=UTF-8",
        "term=diant&meaning=dianteiro",
        415,
        messages.formPost.unsupportedType,
      ],
      [
        "application/json",
        JSON.stringify({ term: "diant", meaning: "dianteiro" }),
        415,
        messages.formPost.unsupportedType,
      ],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="term"\r\n\r\ndia',
        400,
        messages.formPost.unreadable,
      ],
      [FORM, "term=diant&meaning=dianteiro&__intent__=%7Bnope", 400, messages.formPost.unreadable],
      [FORM, "term=di%00ant&meaning=dianteiro", 400, messages.formPost.controlCharacters],
    ];
    for (const [type, body, status, message] of sent) {
      const response = await add(body, { headers: { "Content-Type": type } });
      expect(response.status, `${type} ${body}`).toBe(status);
      expect(await response.text(), `${type} ${body}`).toContain(message);
    }
    // Twice the same field, or a list where one text is expected.
    for (const body of [
      "term=diant&term=dt&meaning=dianteiro",
      "term[0]=diant&meaning=dianteiro",
    ]) {
      const response = await add(body);
      expect(response.status, body).toBe(400);
      expect(JSON.stringify(await errorsOf(response)), body).not.toMatch(/Invalid|Expected/);
    }
    expect(rows()).toEqual([]);
  });

  it("adds one row when the same synonym is posted many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        add({ term: i % 2 ? "AMORT" : "amort", meaning: i % 3 ? "amortecedor" : "Amortecedor" }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409, 409, 409, 409, 409, 409, 409]);
    expect(rows()).toEqual(["amort>amortecedor"]);
  });

  it("adds one row when two OS processes add the same synonym at the same instant", async () => {
    const outputs = await race(
      "synonym-race-worker.ts",
      ["Embr", "embr"].map((term) => [String(admin.id), term, "Embreagem"]),
    );
    const outcomes = outputs.map((out) => JSON.parse(out) as object);
    expect(outcomes).toContainEqual({ ok: true });
    expect(outcomes).toContainEqual({ ok: false, reason: "duplicate" });
    expect(rows()).toEqual(["embr>embreagem"]);
  }, 90_000);
});

describe("deleting a synonym (/admin/synonyms/:id/delete)", () => {
  it("shows what will go, then deletes it with a toast back to the list and its filter", async () => {
    const doomed = seed("tras", "traseiro");
    seed("diant", "dianteiro");
    const dialog = await invoke(deleteRoute.loader, `/admin/synonyms/${doomed.id}/delete`, {
      params: { id: String(doomed.id) },
      headers: await sessionHeaders(admin, "web"),
    });
    expect(await dialog.json()).toEqual({ term: "tras", meaning: "traseiro" });

    const response = await remove(doomed.id, { query: "?q=tr&page=2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/synonyms?q=tr&page=2");
    expect(await toastOf(response)).toEqual({ type: "success", message: m.deleted });
    expect(getSynonym(doomed.id)).toBeUndefined();
    expect(rows()).toEqual(["diant>dianteiro"]);
    expect(synonymMeanings().has("tras")).toBe(false);
  });

  it("answers 404 for an id that is not there or not an id, in the dialog and its post", async () => {
    const gone = seed("tras", "traseiro");
    expect((await remove(gone.id)).status).toBe(302);
    for (const id of [String(gone.id), "0", "-1", "abc", "1.5", "99999999999999999999"]) {
      const dialog = await invoke(deleteRoute.loader, `/admin/synonyms/${id}/delete`, {
        params: { id },
        headers: await sessionHeaders(admin, "web"),
      });
      expect(dialog.status, id).toBe(404);
      expect((await remove(id)).status, id).toBe(404);
    }
  });
});

// --- The screen as the server renders it (what a browser without JavaScript gets) ------------------

const SCREEN_ROUTES = new Set([
  "routes/_app",
  "routes/_app.admin_.synonyms",
  "routes/_app.admin_.synonyms.$id.delete",
]);
const handle = await productionHandler({ routes: SCREEN_ROUTES });
const page = async (url: string) =>
  handle(
    new Request(`http://localhost${url}`, {
      headers: { Host: "localhost", ...(await sessionHeaders(admin, "web")) },
    }),
  );

describe("the rendered screen", () => {
  it("explains synonyms, lists them, offers the add form and a GET filter", async () => {
    seed("diant", "dianteiro");
    const response = await page("/admin/synonyms?q=dia");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="text-2xl font-bold">${m.title}</h1>`);
    expect(html).toContain(m.explanation);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/admin\/synonyms\?q=dia"/);
    expect(html).toMatch(/<input[^>]*name="term"/);
    expect(html).toMatch(/<input[^>]*name="meaning"/);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*role="search"/);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="dia"/);
    expect(html).toContain(">diant</th>");
    expect(html).toContain('aria-label="Excluir diant → dianteiro"');
    expect(html).toMatch(/href="\/admin\/synonyms\/\d+\/delete\?q=dia"/);
  });

  it("says so when there is no synonym, or none for the filter", async () => {
    expect(await (await page("/admin/synonyms")).text()).toContain(m.empty);
    seed("diant", "dianteiro");
    expect(await (await page("/admin/synonyms?q=zzz")).text()).toContain(m.noMatch);
  });

  it("opens the confirmation as a page over the list, with a post button and a way back", async () => {
    const synonym = seed("diant", "dianteiro");
    const response = await page(`/admin/synonyms/${synonym.id}/delete?q=dia`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="dialog"');
    expect(html).toContain(m.confirmDelete("diant", "dianteiro").replaceAll('"', "&quot;"));
    expect(html).toMatch(
      new RegExp(
        `<form[^>]*method="post"[^>]*action="/admin/synonyms/${synonym.id}/delete\\?q=dia"`,
      ),
    );
    expect(html).toContain('name="intent" value="delete"');
    expect(html).toContain('href="/admin/synonyms?q=dia"');
  });

  it("shows the not-found page for a confirmation of a synonym that is not there", async () => {
    const response = await page("/admin/synonyms/999999/delete");
    expect(response.status).toBe(404);
  });
});
