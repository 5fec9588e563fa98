import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/jobs/index.server";
import {
  createCatalogueSimulator,
  type CatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import { csvUploadDirectory } from "~/models/imports/catalogue/csv-source.server";
import type { User } from "~/models/accounts/user.server";
import * as page from "~/routes/imports/_app.admin_.import/route";
import * as clearDialog from "~/routes/imports/_app.admin_.import.limpar";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createUser, invoke, postHeaders, sessionHeaders, toastOf } from "../support/factories";

/**
 * /admin/import's loader and action as a form post sends them: what the browser's min/max would
 * stop before the server, the server refuses too, in pt-BR, and keeps the saved settings.
 */

let sim: CatalogueSimulator;
let admin: User;
let customer: User;

beforeAll(async () => {
  sim = createCatalogueSimulator({ items: 30 });
  process.env.CATALOGUE_SOURCE_URL = await sim.start();
  resetEnvForTests();
  admin = (await createUser({ role: "admin" })).user;
  customer = (await createUser({ role: "user" })).user;
});

afterAll(async () => {
  await sim.stop();
  delete process.env.CATALOGUE_SOURCE_URL;
  resetEnvForTests();
});

const post = async (user: User, body: string, path = "/admin/import?config=1") =>
  invoke(page.action, path, { method: "POST", body, headers: await postHeaders(user) });

const imports = () =>
  (
    db()
      .$client.prepare("select count(*) as n from import_jobs where kind = 'catalogue'")
      .get() as { n: number }
  ).n;

describe("/admin/import", () => {
  it("refuses settings out of range with the field's pt-BR message, saving nothing", async () => {
    const refused = await post(admin, "intent=save-settings&concurrentPages=25&itemsPerBatch=0");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      settingsErrors: {
        concurrentPages: "Páginas em paralelo deve ser um número inteiro entre 1 e 20",
        itemsPerBatch: "Itens por lote deve ser um número inteiro entre 1 e 100",
      },
    });
    expect(refused.headers.get("Set-Cookie")).toBeNull();
  });

  it("saves settings in a cookie the next load and the next start read", async () => {
    const saved = await post(
      admin,
      "intent=save-settings&concurrentPages=3&itemsPerBatch=7&skipExistingParts=on",
    );
    expect(saved.status).toBe(302);
    const cookies = saved.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const flash = new Response(null, {
      headers: { "Set-Cookie": cookies.find((c) => c.startsWith("__flash="))! },
    });
    expect((await toastOf(flash))?.message).toBe("Configurações salvas");
    const settingsCookie = cookies.find((c) => c.startsWith("import_settings="))!;
    const { Cookie: session } = await sessionHeaders(admin, "web");
    const cookie = `${session}; ${settingsCookie}`;
    const loaded = await invoke(page.loader, "/admin/import?config=1", {
      headers: { Cookie: cookie },
    });
    const data = await loaded.json();
    expect(data.settings).toEqual({
      concurrentPages: 3,
      itemsPerBatch: 7,
      skipExistingParts: true,
      skipExistingVehicles: false,
      skipExistingCompatibilities: false,
    });
    expect(data.summary.estimate).toBe("Vazão máxima estimada: 630 itens/min");

    const headers = { ...(await postHeaders(admin)), Cookie: cookie };
    const started = await invoke(page.action, "/admin/import", {
      method: "POST",
      body: "intent=start",
      headers,
    });
    expect(started.status).toBe(302);
    const job = db()
      .$client.prepare(
        "select options from import_jobs where kind = 'catalogue' order by id desc limit 1",
      )
      .get() as { options: string };
    expect(JSON.parse(job.options).settings).toMatchObject({
      concurrentPages: 3,
      itemsPerBatch: 7,
    });
  });

  it("sends a customer home, from the page, its actions and the clear dialog, changing nothing", async () => {
    const before = imports();
    const read = await invoke(page.loader, "/admin/import", {
      headers: await sessionHeaders(customer, "web"),
    });
    expect(read.headers.get("Location")).toBe("/home");
    const start = await post(customer, "intent=start", "/admin/import");
    expect(start.headers.get("Location")).toBe("/home");
    const clear = await invoke(clearDialog.action, "/admin/import/limpar", {
      method: "POST",
      body: "",
      headers: await postHeaders(customer),
    });
    expect(clear.headers.get("Location")).toBe("/home");
    expect(imports()).toBe(before);
  });

  it("answers an unknown intent with a 400, not a 500", async () => {
    const answer = await post(admin, "intent=explode", "/admin/import");
    expect(answer.status).toBe(400);
  });

  it("keeps no file a post carried unless it starts an import, and answers a million columns in pt-BR", async () => {
    const { "Content-Type": _form, ...headers } = await postHeaders(admin);
    const multipart = (fields: Record<string, string>, content: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      body.set("file", new File([content], "catalogo.csv", { type: "text/csv" }));
      return invoke(page.action, "/admin/import", { method: "POST", body, headers });
    };
    const uploads = () => readdirSync(csvUploadDirectory());
    const before = uploads();
    const csv = "code,name\nX,Y\n";
    expect((await multipart({ intent: "save-settings" }, csv)).status).toBe(302);
    expect(uploads()).toEqual(before);
    expect((await multipart({ intent: "explode" }, csv)).status).toBe(400);
    expect(uploads()).toEqual(before);
    expect((await multipart({ intent: "cancel", jobId: "999999" }, csv)).status).toBe(302);
    expect(uploads()).toEqual(before);

    const wide = await multipart({ intent: "csv", dry_run: "on" }, `${"a,".repeat(999_999)}a\n`);
    expect(wide.status).toBe(400);
    expect(await wide.json()).toEqual({
      csvError: "Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 17.",
      report: null,
    });
    expect(uploads()).toEqual(before);
  });

  it("refuses the import of a file whose header is not the format up front, as the dry run does", async () => {
    const { "Content-Type": _form, ...headers } = await postHeaders(admin);
    const importCsv = (content: string) => {
      const body = new FormData();
      body.set("intent", "csv");
      body.set("file", new File([content], "catalogo.csv", { type: "text/csv" }));
      return invoke(page.action, "/admin/import", { method: "POST", body, headers });
    };
    const uploads = () => readdirSync(csvUploadDirectory());
    const before = uploads();
    const importsBefore = imports();
    for (const [content, csvError] of [
      [`${"a,".repeat(999_999)}a\n`, "Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 17."],
      [
        "nome;preço\nFiltro;10\n",
        expect.stringMatching(/^Cabeçalho inválido \(linha 1\): faltam as colunas/),
      ],
    ] as const) {
      const answer = await importCsv(content);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ csvError, report: null });
      expect(uploads()).toEqual(before);
      expect(imports()).toBe(importsBefore);
    }
  });
});
