import { closeDb, db } from "~/utils/db.server";
import { env, EnvError } from "~/utils/env.server";
import {
  registeredJobNames,
  resumeInterruptedImports,
  stopImports,
  startJobRunner,
  startSchedules,
  stopJobRunner,
  stopSchedules,
} from "./index.server";

async function main() {
  const config = readEnv();
  if (!config.REDIS_URL) {
    console.error(
      "REDIS_URL não está definida: o worker precisa do Redis (ex.: REDIS_URL=redis://127.0.0.1:6379).\n" +
        "Sem Redis não é preciso worker: o próprio servidor web executa as tarefas.",
    );
    process.exit(1);
  }
  db(); // migrates before the first job touches the database
  await startJobRunner({ worker: true });
  startSchedules();
  await resumeInterruptedImports();
  console.log(`Worker de tarefas iniciado: ${registeredJobNames().join(", ")}`);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} de novo: encerrando sem esperar as tarefas em andamento.`);
      process.exit(1);
    }
    stopping = true;
    stopSchedules();
    stopImports();
    console.log(`${signal} recebido: esperando as tarefas em andamento terminarem...`);
    await stopJobRunner();
    closeDb();
    console.log("Worker encerrado.");
    process.exit(0);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

function readEnv() {
  try {
    return env();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error("O worker de tarefas falhou ao iniciar:", error);
  process.exit(1);
});
