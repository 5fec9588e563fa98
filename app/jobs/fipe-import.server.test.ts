import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, jobRuns } from "~db/schema";
import "./index.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../tests/support/factories";
import {
  finishActiveImports,
  sampleYears,
  withFipeSimulator,
} from "../../tests/support/fipe-import";
import { getImportJob, importLogLines, waitForFipeImport } from "~/models/imports/index.server";
import { claimFipeImport, FIPE_IMPORT_JOB_NAME, startFipeImport } from "./fipe-import.server";

withFipeSimulator();

describe("starting imports", () => {
  it("follows the import in progress instead of starting a second one", () => {
    finishActiveImports();
    const first = claimFipeImport({ type: "carros", max_brands: 1 }, null);
    const second = claimFipeImport({ type: "motos" }, null);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, job: { id: first.job.id } });
  });

  it("retires an import whose run died with its process, then starts a new one", () => {
    finishActiveImports();
    const { job: stale, runId } = claimFipeImport({ type: "carros" }, null);
    db()
      .insert(jobRuns)
      .values({
        id: runId,
        name: FIPE_IMPORT_JOB_NAME,
        payload: { importJobId: stale.id, runId },
        status: "failed",
        backend: "inline",
      })
      .run();
    const fresh = claimFipeImport({ type: "carros" }, null);
    expect(fresh.created).toBe(true);
    expect(getImportJob(stale.id)!.status).toBe("error");
    expect(importLogLines(stale.id).at(-1)!.message).toBe(
      "Erro ao importar FIPE: a importação foi interrompida antes de terminar",
    );
  });

  it("runs in the background through the job runner and logs the admin's activity", async () => {
    finishActiveImports();
    const { user } = await createUser({ role: "admin" });
    const started = await startFipeImport({ type: "caminhoes", brand_code: "114" }, user.id);
    expect(started).toMatchObject({ alreadyRunning: false, jobId: started.job.runId });
    const again = await startFipeImport({ type: "caminhoes", brand_code: "114" }, user.id);
    expect(again).toMatchObject({ alreadyRunning: true, job: { id: started.job.id } });

    const outcome = await waitForFipeImport(started.job.id, 15_000);
    expect(outcome).toMatchObject({
      status: "completed",
      brands: 1,
      created: sampleYears("caminhoes", "114"),
    });
    const actions = db()
      .select({ action: activity.action })
      .from(activity)
      .where(and(eq(activity.actorId, user.id), eq(activity.entityId, String(started.job.id))))
      .all()
      .map((a) => a.action);
    expect(actions).toEqual([
      "Iniciou importação FIPE (caminhoes)",
      `Importação FIPE concluída (Caminhões): 1 marca, ${sampleYears("caminhoes", "114")} veículos novos`,
    ]);
  });
});
