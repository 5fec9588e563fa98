// One of the processes of the credit race: says it is ready, waits for the go signal, then searches its share.
import { searchParts } from "../../app/models/search/metering.server";
import { getUserById } from "../../app/models/accounts/user.server";
import { atStartLine } from "./race";

const [userId, ...codes] = process.argv.slice(2);
const user = getUserById(Number(userId))!;
searchParts(user, { query: "warm-up-nothing", type: "code" }); // opens the DB and prepares statements
atStartLine();
// A search takes well under a millisecond: without a pause between them one process could spend
// every credit before the other is even scheduled, and nothing would race. Requests arrive spread
// over time anyway.
const pause = new Int32Array(new SharedArrayBuffer(4));
let ok = 0;
let exhausted = 0;
for (const code of codes) {
  Atomics.wait(pause, 0, 0, 1);
  const outcome = searchParts(user, { query: code, type: "code" });
  if (outcome.status === "ok" && outcome.charged) ok++;
  else if (outcome.status === "exhausted") exhausted++;
}
process.stdout.write(JSON.stringify({ ok, exhausted }));
