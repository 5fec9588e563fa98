// A job-runner process as `npm start` runs one without Redis: it resumes interrupted catalogue
// imports and works on them until killed. The crash test SIGKILLs it mid-import.
import "../../app/jobs/index.server";
import { resumeInterruptedCatalogueImports, startJobRunner } from "../../app/jobs/index.server";

await startJobRunner({ worker: true });
const resumed = await resumeInterruptedCatalogueImports();
process.stdout.write(`resumed ${resumed}\n`);
// Stay alive: the inline runner works in the background until the import ends or we are killed.
setInterval(() => {}, 1000);
