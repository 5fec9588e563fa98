import * as messages from "~/messages";
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
    console.error(messages.jobs.workerNeedsRedis);
    process.exit(1);
  }
  db(); // migrates before the first job touches the database
  await startJobRunner({ worker: true, standalone: true });
  startSchedules();
  await resumeInterruptedImports();
  console.log(messages.jobs.workerStarted(registeredJobNames()));

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(messages.jobs.workerForcedStop(signal));
      process.exit(1);
    }
    stopping = true;
    stopSchedules();
    stopImports();
    console.log(messages.jobs.workerStopping(signal));
    await stopJobRunner();
    closeDb();
    console.log(messages.jobs.workerStopped);
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
  console.error(messages.jobs.workerFailedToStart, error);
  process.exit(1);
});
