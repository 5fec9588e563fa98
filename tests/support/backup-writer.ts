// Another process writing to the database while a backup is taken: batches of categories (as many
// as the second argument says), each batch one transaction, until killed. Prints "ready" once the
// first batch is in.
import Database from "better-sqlite3";

const BATCH = Number(process.argv[3]);
const database = new Database(process.argv[2]!);
database.pragma("journal_mode = WAL");
database.pragma("busy_timeout = 5000");
const insert = database.prepare("insert into categories (name, description) values (?, ?)");
const writeBatch = database.transaction((batch: number) => {
  for (let i = 0; i < BATCH; i++) insert.run(`Lote ${batch} item ${i}`, "x".repeat(200));
});

let batch = 0;
writeBatch(++batch);
process.stdout.write("ready\n");
const loop = () => {
  writeBatch(++batch);
  setImmediate(loop);
};
loop();
