// A job-running process as `npm start` runs one without Redis. With `--start`, it starts a
// catalogue import as the admin's button does (settings as JSON after it); either way it resumes
// interrupted imports and works on them until killed. The crash test SIGKILLs it mid-import.
import "../../app/jobs/index.server";
import { startCatalogueImport } from "../../app/jobs/catalogue-import.server";
import { resumeInterruptedImports, startJobRunner } from "../../app/jobs/index.server";

await startJobRunner({ worker: true });
const startAt = process.argv.indexOf("--start");
if (startAt >= 0) {
  const settings = JSON.parse(process.argv[startAt + 1]!);
  const started = await startCatalogueImport({ settings, source: { kind: "api" } }, null);
  if (!started.ok) throw new Error(started.message);
  process.stdout.write(`started ${started.value.job.id}\n`);
}
const resumed = await resumeInterruptedImports();
process.stdout.write(`resumed ${resumed}\n`);
// Stay alive: the inline runner works in the background until the import ends or we are killed.
setInterval(() => {}, 1000);
