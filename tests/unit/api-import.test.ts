import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import "~/jobs/index.server";
import { startCatalogueImport } from "~/jobs/catalogue-import.server";
import {
  createCatalogueSimulator,
  expectedCatalogueTotals,
  type CatalogueSimulator,
} from "~/integrations/catalogue-source/simulator.server";
import { csvUploadDirectory } from "~/models/imports/catalogue/csv-source.server";
import { DEFAULT_IMPORT_SETTINGS } from "~/models/imports/catalogue/options.server";
import { createSession } from "~/models/accounts/session.server";
import * as importAction from "~/routes/imports/api.import.$command.$id";
import * as clearAll from "~/routes/imports/api.import.clear-all";
import * as csvImport from "~/routes/imports/api.import.csv";
import * as startImport from "~/routes/imports/api.import.start";
import * as importStatus from "~/routes/imports/api.import.status.$id";
import * as exportCsv from "~/routes/imports/api.export.catalogue[.]csv";
import * as messages from "~/messages";
import { db } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createUser, sessionHeaders } from "../support/factories";
import { call, envelope } from "../support/routes";

const ITEMS = 120;
let sim: CatalogueSimulator;
let admin: string;
let customer: string;

beforeAll(async () => {
  // Slow enough that an import is still running when a test pauses it.
  sim = createCatalogueSimulator({ items: ITEMS, delayMs: 15 });
  process.env.CATALOGUE_SOURCE_URL = await sim.start();
  resetEnvForTests();
  admin = createSession((await createUser({ role: "admin" })).user.id, "api").id;
  customer = createSession((await createUser({ role: "user" })).user.id, "api").id;
});

afterAll(async () => {
  await sim.stop();
  delete process.env.CATALOGUE_SOURCE_URL;
  delete process.env.IMPORT_CSV_MAX_MB;
  resetEnvForTests();
});

/** Each test starts with no import holding the catalogue. */
beforeEach(() => {
  db()
    .$client.prepare(
      "update import_jobs set status = 'cancelled' where status in ('idle', 'running', 'paused')",
    )
    .run();
});

const count = (sql: string) => (db().$client.prepare(sql).get() as { n: number }).n;
const rows = () => ({
  parts: count("select count(*) as n from parts"),
  vehicles: count("select count(*) as n from vehicles"),
  fitments: count("select count(*) as n from part_vehicles"),
  imports: count("select count(*) as n from import_jobs where kind = 'catalogue'"),
});

const start = (json: unknown, token = admin) =>
  call(startImport.action, "/api/import/start", { method: "POST", json, token });
const control = (command: string, id: number | string, token = admin) =>
  call(importAction.action, `/api/import/${command}/${id}`, {
    method: "POST",
    token,
    params: { command, id: String(id) },
  });
const status = (id: number) =>
  call(importStatus.loader, `/api/import/status/${id}`, {
    token: admin,
    params: { id: String(id) },
  });

async function waitUntil(
  id: number,
  done: (data: { status: string; current_page: number }) => boolean,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const body = await envelope(await status(id));
    if (done(body.data)) return body.data;
    if (Date.now() > deadline)
      throw new Error(`import ${id} stuck at ${JSON.stringify(body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function csvUpload(content: string, query = "", token = admin, name = "catalogo.csv") {
  const form = new FormData();
  form.set("file", new File([content], name, { type: "text/csv" }));
  const request = new Request(`http://localhost/api/import/csv${query}`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  return csvImport
    .action({ request, params: {}, context: { clientIp: "127.0.0.1" } })
    .catch((thrown: unknown) => (thrown instanceof Response ? thrown : Promise.reject(thrown)));
}

const CSV_HEADER =
  "code,name,manufacturer,category,description,alternative_codes,brand,model,year_start,year_end,version,engine,fuel,notes\n";

describe("POST /api/import/start and GET /api/import/status/:id", () => {
  it("imports the catalogue source in the background and reports every status field", async () => {
    const response = await start({ options: { concurrentPages: 4, itemsPerBatch: 25 } });
    expect(response.status).toBe(202);
    const body = await envelope(response);
    expect(body).toMatchObject({ success: true, message: "Importação iniciada" });
    const id = body.data.job_id as number;
    const done = await waitUntil(id, (d) => d.status !== "running");
    const expected = expectedCatalogueTotals(ITEMS);
    expect(done).toMatchObject({
      status: "completed",
      processed_items: ITEMS,
      total_items: ITEMS,
      current_page: 5,
      total_pages: 5,
      created_parts: ITEMS,
      created_vehicles: expected.vehicles,
      created_compatibilities: expected.fitmentYears,
      skipped_parts: 0,
      skipped_vehicles: 0,
      skipped_compatibilities: 0,
      error_count: 0,
      estimated_completion: null,
    });
    expect(done.items_per_minute).toBeGreaterThan(0);
    for (const field of ["started_at", "completed_at", "last_activity"])
      expect(Date.parse((done as Record<string, string>)[field]!)).not.toBeNaN();
    expect((done as { logs: string[] }).logs.at(-1)).toMatch(/Importação concluída: 120 itens/);
  });

  it("refuses settings out of range with a pt-BR 400, creating nothing", async () => {
    const before = rows().imports;
    const cases: [unknown, string][] = [
      [
        { options: { concurrentPages: 0 } },
        "Páginas em paralelo deve ser um número inteiro entre 1 e 20",
      ],
      [
        { options: { concurrentPages: 21 } },
        "Páginas em paralelo deve ser um número inteiro entre 1 e 20",
      ],
      [
        { options: { itemsPerBatch: 101 } },
        "Itens por lote deve ser um número inteiro entre 1 e 100",
      ],
      [
        { options: { itemsPerBatch: "abc" } },
        "Itens por lote deve ser um número inteiro entre 1 e 100",
      ],
      [{ options: { skipExistingParts: "talvez" } }, "Valor inválido: use verdadeiro ou falso"],
    ];
    for (const [json, message] of cases) {
      const response = await start(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await envelope(response)).message).toBe(message);
    }
    expect(rows().imports).toBe(before);
  });

  it("starts with the defaults when no options are given, and refuses a second while it runs", async () => {
    const first = await envelope(await start({}));
    expect(first.data.job.status).toBe("running");
    const second = await start({});
    expect(second.status).toBe(409);
    expect((await envelope(second)).message).toMatch(/^Já existe uma importação em andamento/);
    await control("cancel", first.data.job_id);
  });

  it("twenty concurrent starts create exactly one import", async () => {
    const before = rows().imports;
    const answers = await Promise.all(Array.from({ length: 20 }, () => start({})));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(rows().imports).toBe(before + 1);
  });
});

describe("POST /api/import/:command/:id", () => {
  it("pauses at a batch boundary, resumes to exact counts, and refuses controls the state does not allow", async () => {
    const started = await envelope(
      await start({ options: { concurrentPages: 1, itemsPerBatch: 10, skipExistingParts: true } }),
    );
    const id = started.data.job_id as number;
    await waitUntil(id, (d) => d.current_page >= 2);
    const paused = await control("pause", id);
    expect(paused.status).toBe(200);
    const atPause = await waitUntil(id, (d) => d.status === "paused");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const still = (await envelope(await status(id))).data;
    expect(still.current_page).toBe(atPause.current_page);
    expect((await control("pause", id)).status).toBe(409);

    expect((await control("resume", id)).status).toBe(200);
    const done = await waitUntil(id, (d) => d.status === "completed");
    expect(done).toMatchObject({ processed_items: ITEMS, current_page: 12 });
    expect((done as { skipped_parts: number }).skipped_parts).toBe(ITEMS);
    expect((await control("resume", id)).status).toBe(409);
    expect((await control("cancel", id)).status).toBe(409);

    const restarted = await control("restart", id);
    expect(restarted.status).toBe(200);
    const again = (await envelope(restarted)).data.job_id as number;
    expect(again).not.toBe(id);
    await control("cancel", again);
  });

  it("answers 404 for an unknown command or import", async () => {
    expect((await control("explode", 1)).status).toBe(404);
    expect((await control("pause", 999_999)).status).toBe(404);
    expect((await control("pause", "abc")).status).toBe(404);
  });
});

describe("DELETE /api/import/clear-all", () => {
  it("is refused while an import is active, then removes parts, vehicles and fitments", async () => {
    const started = await envelope(await start({}));
    const refused = await call(clearAll.action, "/api/import/clear-all", {
      method: "DELETE",
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect((await envelope(refused)).message).toBe(
      "Não é possível limpar enquanto uma importação está em andamento.",
    );
    expect(rows().parts).toBeGreaterThan(0);
    await control("cancel", started.data.job_id);

    const before = rows();
    const cleared = await call(clearAll.action, "/api/import/clear-all", {
      method: "DELETE",
      token: admin,
    });
    expect(cleared.status).toBe(200);
    expect((await envelope(cleared)).data).toEqual({
      parts: before.parts,
      vehicles: before.vehicles,
      compatibilities: before.fitments,
    });
    expect(rows()).toMatchObject({ parts: 0, vehicles: 0, fitments: 0 });
  });
});

describe("POST /api/import/csv and GET /api/export/catalogue.csv", () => {
  const file =
    CSV_HEADER +
    "CSV-1,Pastilha,Cobreq,Freios,,N-1|N-2,Fiat,Uno,2010,2012,Vivace 1.0,1.0 Fire,Flex,\n" +
    "CSV-1,Pastilha,Cobreq,Freios,,,Fiat,Palio,2011,,Attractive 1.4,1.4 Fire,Flex,Sem ABS\n" +
    "CSV-2,Vela,NGK,Ignição,,,Fiat,Uno,20x1,2012,Vivace 1.0,,,\n" +
    "CSV-3,Correia,Gates,Motor,Sem aplicação,,,,,,,,,\n";

  it("dry run: counts to create and the bad row by line, nothing written; then the import creates the same", async () => {
    const before = rows();
    const dry = await csvUpload(file, "?dry_run=true");
    expect(dry.status).toBe(200);
    const report = (await envelope(dry)).data;
    expect(report).toMatchObject({
      dry_run: true,
      rows: 4,
      bad_row_count: 1,
      to_create: { parts: 2, compatibilities: 4 },
    });
    expect(report.bad_rows).toEqual([
      {
        line: 4,
        message: 'Linha 4 (year_start): ano inicial inválido ("20x1"); use um ano de 1900 a 2100',
      },
    ]);
    expect(rows()).toEqual(before);

    const real = await csvUpload(file);
    expect(real.status).toBe(202);
    const id = (await envelope(real)).data.job_id as number;
    const done = await waitUntil(id, (d) => d.status !== "running");
    expect(done).toMatchObject({
      status: "completed",
      processed_items: 4,
      error_count: 1,
      created_parts: report.to_create.parts,
      created_vehicles: report.to_create.vehicles,
      created_compatibilities: report.to_create.compatibilities,
    });

    const again = await envelope(await csvUpload(file, "?dry_run=true"));
    expect(again.data.to_create).toMatchObject({ parts: 0, vehicles: 0, compatibilities: 0 });
    expect(again.data.to_skip).toMatchObject({ parts: 2, compatibilities: 4 });
  });

  it("refuses a missing file, a file without the catalogue header, and a file over the limit", async () => {
    const before = rows();
    const empty = new Request("http://localhost/api/import/csv", {
      method: "POST",
      body: new FormData(),
      headers: { Authorization: `Bearer ${admin}` },
    });
    const missing = await csvImport.action({ request: empty, params: {}, context: {} });
    expect(missing.status).toBe(400);
    expect((await envelope(missing)).message).toBe("Escolha um arquivo CSV");

    const wrongHeader = await csvUpload("nome;preço\nFiltro;10\n", "?dry_run=true");
    expect(wrongHeader.status).toBe(400);
    expect((await envelope(wrongHeader)).message).toMatch(/^Cabeçalho inválido \(linha 1\)/);

    process.env.IMPORT_CSV_MAX_MB = "1";
    resetEnvForTests();
    try {
      const big = CSV_HEADER + "X-1,Filtro,Marca,Filtros,,,,,,,,,,\n".repeat(90_000);
      const tooBig = await csvUpload(big, "?dry_run=true");
      expect(tooBig.status).toBe(413);
      expect((await envelope(tooBig)).message).toBe("O arquivo passa do limite de 1 MB");
    } finally {
      delete process.env.IMPORT_CSV_MAX_MB;
      resetEnvForTests();
    }
    expect(rows()).toEqual(before);
  });

  it("export then import into an empty catalogue gives back the same catalogue", async () => {
    const dump = () =>
      JSON.stringify({
        parts: db()
          .$client.prepare(
            `select p.code, p.name, p.manufacturer, c.name as category, p.description,
               (select group_concat(alternative_code, '|') from
                 (select alternative_code from part_alternative_codes a where a.part_id = p.id order by alternative_code_norm)) as codes
             from parts p left join categories c on c.id = p.category_id order by p.manufacturer, p.code_norm`,
          )
          .all(),
        fitments: db()
          .$client.prepare(
            `select p.code, p.manufacturer, v.brand, v.model, v.year, v.version, v.engine, v.fuel, pv.notes
             from part_vehicles pv join parts p on p.id = pv.part_id join vehicles v on v.id = pv.vehicle_id
             order by p.manufacturer, p.code_norm, v.brand, v.model, v.year, v.version`,
          )
          .all(),
      });
    // A catalogue with the source's items and the CSV rows above in it.
    const seeded = await envelope(await start({ options: { itemsPerBatch: 50 } }));
    await waitUntil(seeded.data.job_id, (d) => d.status !== "running");
    const before = dump();

    const response = await call(exportCsv.loader, "/api/export/catalogue.csv", { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const exported = await response.text();
    // The old 14 columns, then the optional ones (ADR 0053).
    expect(exported.split(/\r?\n/)[0]).toBe(
      `${CSV_HEADER.trim().replace(",notes", ",position,notes")},fitment_year_start,fitment_year_end`,
    );

    const excel = await call(exportCsv.loader, "/api/export/catalogue.csv?formato=excel", {
      token: admin,
    });
    expect(excel.status).toBe(200);
    expect(excel.headers.get("Content-Disposition")).toMatch(/-excel\.csv"$/);
    // Response.text() drops a BOM: read the bytes.
    const bytes = Buffer.from(await excel.arrayBuffer());
    expect(bytes.subarray(0, 13).toString("latin1")).toBe("\xEF\xBB\xBFcode;name;");
    const unknown = await call(exportCsv.loader, "/api/export/catalogue.csv?formato=xlsx", {
      token: admin,
    });
    expect(unknown.status).toBe(400);
    expect((await envelope(unknown)).message).toBe(messages.catalogueExport.formatInvalid);

    expect(
      (await call(clearAll.action, "/api/import/clear-all", { method: "DELETE", token: admin }))
        .status,
    ).toBe(200);
    expect(rows()).toMatchObject({ parts: 0, fitments: 0 });
    const reimport = await envelope(await csvUpload(exported, "", admin, "exportado.csv"));
    const done = await waitUntil(reimport.data.job_id, (d) => d.status !== "running");
    expect(done).toMatchObject({ status: "completed", error_count: 0 });
    expect(dump()).toBe(before);
  });
});

describe("who may call the import API", () => {
  it("a customer gets 403 everywhere and changes nothing; anonymous 401", async () => {
    const before = rows();
    expect((await start({}, customer)).status).toBe(403);
    expect((await control("pause", 1, customer)).status).toBe(403);
    expect((await csvUpload(CSV_HEADER, "?dry_run=true", customer)).status).toBe(403);
    expect(
      (await call(clearAll.action, "/api/import/clear-all", { method: "DELETE", token: customer }))
        .status,
    ).toBe(403);
    expect(
      (await call(exportCsv.loader, "/api/export/catalogue.csv", { token: customer })).status,
    ).toBe(403);
    expect(
      (await call(startImport.action, "/api/import/start", { method: "POST", json: {} })).status,
    ).toBe(401);
    expect(rows()).toEqual(before);
  });

  it("a body that is not JSON is 415, broken JSON 400, a cross-site cookie post 403", async () => {
    const before = rows();
    const text = await call(startImport.action, "/api/import/start", {
      method: "POST",
      token: admin,
      body: "concurrentPages=5",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    const broken = await call(startImport.action, "/api/import/start", {
      method: "POST",
      token: admin,
      body: "{options:",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    const { user } = await createUser({ role: "admin" });
    const { Cookie } = await sessionHeaders(user, "web");
    const crossSite = await call(clearAll.action, "/api/import/clear-all", {
      method: "DELETE",
      cookie: Cookie,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(rows()).toEqual(before);
  });
});

describe("hostile CSV files (ADR 0030)", () => {
  const uploads = () => readdirSync(csvUploadDirectory());
  /** 2 MB: a header of a million columns. */
  const millionColumns = `${"a,".repeat(999_999)}a\n`;
  const MILLION_MESSAGE = "Linha 1: o arquivo tem 1.000.000 colunas; o formato tem 17.";
  const valid = `${CSV_HEADER}CSV-9,Filtro,Marca,Filtros,,,,,,,,,,\n`;

  // The files of earlier tests' imports go: each test here starts with an empty folder.
  beforeEach(() => {
    for (const name of uploads()) rmSync(path.join(csvUploadDirectory(), name), { force: true });
  });

  it("a 2 MB file of a million columns: the dry run is a pt-BR 400 naming the line, leaving no file", async () => {
    expect(Buffer.byteLength(millionColumns)).toBe(2_000_000);
    const before = rows();
    const dry = await csvUpload(millionColumns, "?dry_run=true");
    expect(dry.status).toBe(400);
    expect((await envelope(dry)).message).toBe(MILLION_MESSAGE);
    expect(uploads()).toEqual([]);
    expect(rows()).toEqual(before);
  });

  it("its import is refused up front like the dry run: a 400 naming line 1, no import, no file", async () => {
    const before = rows();
    const refused = await csvUpload(millionColumns, "", admin, "colunas.csv");
    expect(refused.status).toBe(400);
    expect((await envelope(refused)).message).toBe(MILLION_MESSAGE);
    expect(uploads()).toEqual([]);
    expect(rows()).toEqual(before);
  });

  it("a header that is not the format, too wide, too long or without separator: the import is a 400 in the dry run's words", async () => {
    const before = rows();
    const headers: [string, string, RegExp][] = [
      ["other columns", "nome;preço\nFiltro;10\n", /^Cabeçalho inválido \(linha 1\)/],
      [
        "31 columns",
        `${CSV_HEADER.trim()}${",x".repeat(17)}\n`,
        /^Linha 1: o arquivo tem 31 colunas/,
      ],
      ["over 64 KB", `${CSV_HEADER.trim()},${"x".repeat(70_000)}\n`, /^Linha 1: /],
      ["no separator", "code\nX\n", /^Não foi possível identificar o separador/],
    ];
    for (const [what, content, message] of headers) {
      const dry = await csvUpload(content, "?dry_run=true");
      const real = await csvUpload(content);
      expect(real.status, what).toBe(400);
      const refusal = (await envelope(real)).message as string;
      expect(refusal, what).toMatch(message);
      // The same words as the dry run.
      expect(refusal, what).toBe((await envelope(dry)).message);
      expect(uploads(), what).toEqual([]);
    }
    expect(rows()).toEqual(before);
    // A valid header with bad rows still starts: those are per-line errors of the import.
    const started = await csvUpload(`${CSV_HEADER}X,,,,,,,,,,,,,\n`);
    expect(started.status).toBe(202);
    await waitUntil((await envelope(started)).data.job_id, (d) => d.status !== "running");
  });

  it("an import started on it anyway ends in Erro, holds nothing, and Retomar and Reiniciar end in Erro again", async () => {
    const before = rows();
    // The route refuses this file now; a file that changed after it was checked, or an import of
    // an older version, reaches the job as this one does.
    const file = path.join(csvUploadDirectory(), "colunas.csv");
    writeFileSync(file, millionColumns);
    const started = await startCatalogueImport(
      { settings: DEFAULT_IMPORT_SETTINGS, source: { kind: "csv", file, fileName: "colunas.csv" } },
      null,
    );
    if (!started.ok) throw new Error(started.message);
    const id = started.value.job.id;
    const failed = await waitUntil(id, (d) => d.status !== "running");
    expect(failed).toMatchObject({ status: "error", current_page: 0, processed_items: 0 });
    expect((failed as { logs: string[] }).logs.at(-1)).toContain(MILLION_MESSAGE);

    // It holds nothing: another import starts.
    const other = await start({});
    expect(other.status).toBe(202);
    await control("cancel", (await envelope(other)).data.job_id);

    expect((await control("resume", id)).status).toBe(200);
    const resumed = await waitUntil(id, (d) => d.status !== "running");
    expect(resumed.status).toBe("error");
    expect((resumed as { logs: string[] }).logs.at(-1)).toContain(MILLION_MESSAGE);

    const restarted = await control("restart", id);
    expect(restarted.status).toBe(200);
    const again = (await envelope(restarted)).data.job_id as number;
    const restartedDone = await waitUntil(again, (d) => d.status !== "running");
    expect(restartedDone.status).toBe("error");
    expect((restartedDone as { logs: string[] }).logs.at(-1)).toContain(MILLION_MESSAGE);
    expect(rows()).toMatchObject({
      parts: before.parts,
      vehicles: before.vehicles,
      fitments: before.fitments,
    });
  });

  it("every refused upload leaves the uploads folder empty", async () => {
    const post = (form: FormData, query = "?dry_run=true") =>
      csvImport.action({
        request: new Request(`http://localhost/api/import/csv${query}`, {
          method: "POST",
          body: form,
          headers: { Authorization: `Bearer ${admin}` },
        }),
        params: {},
        context: {},
      });
    const withFile = (field: string, content: string) => {
      const form = new FormData();
      form.set(field, new File([content], "catalogo.csv", { type: "text/csv" }));
      return form;
    };
    const refusals: [string, () => Promise<Response>, number][] = [
      ["no file", () => post(new FormData()), 400],
      ["an empty file", () => post(withFile("file", "")), 400],
      ["a file under another name", () => post(withFile("arquivo", valid)), 400],
      ["a wrong header", () => csvUpload("nome;preço\nFiltro;10\n", "?dry_run=true"), 400],
      ["a million columns", () => csvUpload(millionColumns, "?dry_run=true"), 400],
      ["a million columns, imported", () => csvUpload(millionColumns), 400],
      ["a wrong header, imported", () => csvUpload("nome;preço\nFiltro;10\n"), 400],
      [
        "a line of 31 fields",
        () => csvUpload(`${CSV_HEADER}${",".repeat(30)}\n`, "?dry_run=true"),
        400,
      ],
      [
        "a line over 64 KB",
        () => csvUpload(`${CSV_HEADER}X,${"n".repeat(70_000)},M,C,,,,,,,,,,\n`, "?dry_run=true"),
        400,
      ],
    ];
    for (const [what, send, status] of refusals) {
      const response = await send();
      expect(response.status, what).toBe(status);
      expect(uploads(), what).toEqual([]);
    }

    process.env.IMPORT_CSV_MAX_MB = "1";
    resetEnvForTests();
    try {
      expect((await csvUpload(millionColumns)).status).toBe(413);
      expect(uploads()).toEqual([]);
    } finally {
      delete process.env.IMPORT_CSV_MAX_MB;
      resetEnvForTests();
    }

    // A real import refused while another runs (409) keeps no file either.
    const running = await envelope(await start({}));
    const busy = await csvUpload(valid);
    expect(busy.status).toBe(409);
    expect(uploads()).toEqual([]);
    await control("cancel", running.data.job_id);
  });

  it("the export route's Excel file writes formulas behind a ', and its import gives them back", async () => {
    const formulas =
      CSV_HEADER +
      `-123,=cmd|' /C calc'!A0,@SUM(1+1),+1+1,"=HYPERLINK(""http://evil.example"",""x"")",-9,,,,,,,,\n`;
    const imported = await envelope(await csvUpload(formulas, "", admin, "formulas.csv"));
    expect(await waitUntil(imported.data.job_id, (d) => d.status !== "running")).toMatchObject({
      status: "completed",
      error_count: 0,
    });
    const exported = await (
      await call(exportCsv.loader, "/api/export/catalogue.csv?formato=excel", { token: admin })
    ).text();
    const line = exported.split("\r\n").find((row) => row.startsWith("'-123;"));
    expect(line).toBe(
      `'-123;'=cmd|' /C calc'!A0;'@SUM(1+1);'+1+1;"'=HYPERLINK(""http://evil.example"",""x"")";'-9;;;;;;;;;;;`,
    );
    const stored = db()
      .$client.prepare(
        "select p.code, p.name, p.manufacturer, c.name as category, p.description from parts p join categories c on c.id = p.category_id where p.code = '-123'",
      )
      .get();
    expect(stored).toEqual({
      code: "-123",
      name: "=cmd|' /C calc'!A0",
      manufacturer: "@SUM(1+1)",
      category: "+1+1",
      description: '=HYPERLINK("http://evil.example","x")',
    });
    // Exported, then imported again: the same values, nothing new.
    const again = await envelope(await csvUpload(exported, "?dry_run=true"));
    expect(again.data).toMatchObject({ bad_row_count: 0, to_create: { parts: 0 } });
  });
});
