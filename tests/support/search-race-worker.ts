// One of the processes of the credit race: waits for the agreed instant, then searches its share.
import { searchParts } from "../../app/models/part-search.server";
import { getUserById } from "../../app/models/user.server";

const [userId, startAt, ...codes] = process.argv.slice(2);
const user = getUserById(Number(userId))!;
while (Date.now() < Number(startAt)) {
  /* spin until both processes start together */
}
let ok = 0;
let exhausted = 0;
for (const code of codes) {
  const outcome = searchParts(user, { query: code, type: "code" });
  if (outcome.status === "ok" && outcome.charged) ok++;
  else if (outcome.status === "exhausted") exhausted++;
}
process.stdout.write(JSON.stringify({ ok, exhausted }));
