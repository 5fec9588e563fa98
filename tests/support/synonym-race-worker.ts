// One of the processes of the synonym race: says it is ready, waits for the go signal, then adds
// the same synonym (spelt its own way) and prints whether it was taken or refused, and why.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addSynonym, countSynonyms } from "../../app/models/search/synonyms.server";

const [adminId, barrierDir, term, meaning] = process.argv.slice(2);
countSynonyms(); // opens the database before the start line
writeFileSync(path.join(barrierDir!, `ready-${process.pid}`), "");
while (!existsSync(path.join(barrierDir!, "go"))) {
  /* spin: both processes must add at the same instant */
}
const outcome = addSynonym({ term: term!, meaning: meaning! }, Number(adminId));
process.stdout.write(
  JSON.stringify(outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason }),
);
