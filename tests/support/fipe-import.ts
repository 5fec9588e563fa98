import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { importJobs } from "../../db/schema";
import { FIPE_SAMPLE } from "../../app/integrations/fipe/sample-data";
import {
  createFipeSimulator,
  type FipeSimulator,
} from "../../app/integrations/fipe/simulator.server";
import { db } from "../../app/utils/db.server";
import { resetEnvForTests } from "../../app/utils/env.server";

/** Points the app's FIPE client at a local simulator for the file's tests; returns its address. */
export function withFipeSimulator(): () => string {
  let sim: FipeSimulator;
  let baseUrl = "";
  beforeAll(async () => {
    sim = createFipeSimulator();
    baseUrl = await sim.start();
    process.env.FIPE_BASE_URL = baseUrl;
    process.env.FIPE_MIN_INTERVAL_MS = "0";
    resetEnvForTests();
  });
  afterAll(async () => {
    await sim.stop();
    delete process.env.FIPE_BASE_URL;
    delete process.env.FIPE_MIN_INTERVAL_MS;
    resetEnvForTests();
  });
  return () => baseUrl;
}

/** How many model years the simulator lists for one brand, Zero KM included. */
export function sampleYears(type: keyof typeof FIPE_SAMPLE, brandCode: string) {
  const brand = FIPE_SAMPLE[type].find((b) => b.codigo === brandCode)!;
  return brand.models.reduce(
    (sum, m) => sum + m.lastYear - m.firstYear + 1 + (m.zeroKm ? 1 : 0),
    0,
  );
}

/** Jobs left active by one test would be followed, not replaced, by the next one's claim. */
export function finishActiveImports() {
  db().update(importJobs).set({ status: "completed" }).where(eq(importJobs.status, "idle")).run();
  db()
    .update(importJobs)
    .set({ status: "completed" })
    .where(eq(importJobs.status, "running"))
    .run();
}
