// A process with less heap than a web or job process has in production (server.mjs: 128 MB) that
// meets the 2 MB file of a million columns on every path: the dry run, the HTTP route, a real
// import job, its "Retomar" and its "Reiniciar". It prints what each answered as one JSON line;
// running out of memory on the way (the process dying) is what the test catches.
import { writeFileSync } from "node:fs";
import path from "node:path";
import "../../app/jobs/index.server";
import {
  restartCatalogueImportRun,
  startCatalogueImport,
} from "../../app/jobs/catalogue-import.server";
import { resumeImportRun } from "../../app/jobs/imports.server";
import { startJobRunner } from "../../app/jobs/index.server";
import {
  csvUploadDirectory,
  planCsvFile,
} from "../../app/models/imports/catalogue/csv-source.server";
import { DEFAULT_IMPORT_SETTINGS } from "../../app/models/imports/catalogue/options.server";
import { getImportJob, importLogLines } from "../../app/models/imports/jobs.server";
import { createSession } from "../../app/models/accounts/session.server";
import * as csvRoute from "../../app/routes/imports/api.import.csv";
import { createUser } from "./factories";

await startJobRunner({ worker: true });
const content = `${"a,".repeat(999_999)}a\n`;
const file = path.join(csvUploadDirectory(), "um-milhao-de-colunas.csv");
writeFileSync(file, content);

async function ended(id: number) {
  for (;;) {
    const job = getImportJob(id)!;
    if (job.status !== "running") {
      return { status: job.status, log: importLogLines(id).at(-1)?.message ?? "" };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const plan = await planCsvFile(file);

const { user } = await createUser({ role: "admin" });
const form = new FormData();
form.set("file", new File([content], "colunas.csv", { type: "text/csv" }));
const response = await csvRoute.action({
  request: new Request("http://localhost/api/import/csv?dry_run=true", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${createSession(user.id, "api").id}` },
  }),
  params: {},
  context: {},
});
const route = { status: response.status, body: (await response.json()) as unknown };

const started = await startCatalogueImport(
  {
    settings: DEFAULT_IMPORT_SETTINGS,
    source: { kind: "csv", file, fileName: "colunas.csv" },
  },
  null,
);
if (!started.ok) throw new Error(started.message);
const id = started.value.job.id;
const job = await ended(id);
const resumed = await resumeImportRun(id);
const afterResume = resumed.ok ? await ended(id) : resumed;
const restarted = await restartCatalogueImportRun(id, null);
const afterRestart = restarted.ok ? await ended(restarted.value.job.id) : restarted;

process.stdout.write(
  `${JSON.stringify({ plan, route, job, afterResume, afterRestart, heapMb: process.memoryUsage().heapUsed / 2 ** 20 })}\n`,
);
process.exit(0);
