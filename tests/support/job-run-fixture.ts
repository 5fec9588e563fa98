import { jobRuns } from "../../db/schema";
import { db } from "../../app/utils/db.server";

/** A job_runs row written straight in: an inline "x" job, running, unless `run` says otherwise. */
export function insertJobRun(run: { id: string } & Partial<typeof jobRuns.$inferInsert>) {
  db()
    .insert(jobRuns)
    .values({ name: "x", payload: {}, status: "running", backend: "inline", ...run })
    .run();
}
