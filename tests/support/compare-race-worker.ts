// One of the processes of the comparison race: says it is ready, waits for the go signal, then
// compares the same pair `times` times, alternating the order and the spelling of the codes.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compareParts } from "../../app/models/catalogue/part-compare.server";
import { getUserById } from "../../app/models/accounts/user.server";

const [userId, barrierDir, a, b, times] = process.argv.slice(2);
const user = getUserById(Number(userId))!;
compareParts(user, { a: "warm-up-nothing", b: "warm-up-none" }); // opens the DB, prepares statements
writeFileSync(path.join(barrierDir!, `ready-${process.pid}`), "");
while (!existsSync(path.join(barrierDir!, "go"))) {
  /* spin: both processes must start comparing at the same instant */
}
let charged = 0;
let exhausted = 0;
for (let i = 0; i < Number(times); i++) {
  const pair = i % 2 === 0 ? { a: a!, b: b! } : { a: b!.toLowerCase(), b: ` ${a} ` };
  const outcome = compareParts(user, pair);
  if (outcome.status === "ok" && outcome.charged) charged++;
  else if (outcome.status === "exhausted") exhausted++;
}
process.stdout.write(JSON.stringify({ charged, exhausted }));
