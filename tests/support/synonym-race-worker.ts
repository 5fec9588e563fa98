// One of the processes of the synonym race: says it is ready, waits for the go signal, then adds
// the same synonym (spelt its own way) and prints whether it was taken or refused, and why.
import { addSynonym, countSynonyms } from "../../app/models/search/synonyms.server";
import { atStartLine } from "./race";

const [adminId, term, meaning] = process.argv.slice(2);
countSynonyms(); // opens the database before the start line
atStartLine();
const outcome = addSynonym({ term: term!, meaning: meaning! }, Number(adminId));
process.stdout.write(
  JSON.stringify(outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason }),
);
