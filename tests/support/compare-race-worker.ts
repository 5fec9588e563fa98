// One of the processes of the comparison race: says it is ready, waits for the go signal, then
// compares the same pair `times` times, alternating the order and the spelling of the codes.
import { compareParts } from "../../app/models/catalogue/part-compare.server";
import { getUserById } from "../../app/models/accounts/user.server";
import { atStartLine } from "./race";

const [userId, a, b, times] = process.argv.slice(2);
const user = getUserById(Number(userId))!;
compareParts(user, { a: "warm-up-nothing", b: "warm-up-none" }); // opens the DB, prepares statements
atStartLine();
let charged = 0;
let exhausted = 0;
for (let i = 0; i < Number(times); i++) {
  const pair = i % 2 === 0 ? { a: a!, b: b! } : { a: b!.toLowerCase(), b: ` ${a} ` };
  const outcome = compareParts(user, pair);
  if (outcome.status === "ok" && outcome.charged) charged++;
  else if (outcome.status === "exhausted") exhausted++;
}
process.stdout.write(JSON.stringify({ charged, exhausted }));
