import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { db } from "~/utils/db.server";
import { createFreePlan, createUser, sessionHeaders } from "../support/factories";
import { startWebProcess, type WebProcess } from "../support/web-process";

/**
 * `Idempotency-Key` across web processes (ADR 0051): the reservation is one SQLite write, so
 * identical requests sent to two OS processes at once run exactly once.
 */

let processes: WebProcess[] = [];
let admin: Record<string, string> = {};

beforeAll(async () => {
  createFreePlan();
  admin = await sessionHeaders((await createUser({ role: "admin" })).user, "api");
  processes = await Promise.all([startWebProcess(), startWebProcess()]);
}, 90_000);
afterAll(() => Promise.all(processes.map((p) => p.stop())));

describe("Idempotency-Key across two web processes", () => {
  it("identical POSTs to both at once create one customer; the others wait or replay it", async () => {
    const email = `idem-processos-${Date.now()}@teste.dev`;
    const body = JSON.stringify({ name: "Oficina Dois Processos", email, password: "senha12345" });
    const key = `processos-${Date.now()}`;
    const send = (url: string) =>
      fetch(`${url}/api/customers`, {
        method: "POST",
        headers: { ...admin, "Content-Type": "application/json", "Idempotency-Key": key },
        body,
      });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(processes[i % 2]!.url)),
    );
    const statuses = answers.map((a) => [a.status, a.headers.get("Idempotent-Replayed")]);
    expect(statuses.filter(([status, replayed]) => status === 201 && !replayed)).toHaveLength(1);
    for (const [status, replayed] of statuses)
      expect(status === 409 || (status === 201 && (replayed === "true" || !replayed))).toBe(true);
    expect(db().select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);

    // Once done, either process replays the first answer.
    const [first] = answers.filter(
      (a) => !a.headers.get("Idempotent-Replayed") && a.status === 201,
    );
    const firstBody = await first!.text();
    for (const { url } of processes) {
      const retry = await send(url);
      expect(retry.status).toBe(201);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await retry.text()).toBe(firstBody);
    }
  });
});
