import { spawn, spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { insertJobRun } from "../../tests/support/job-run-fixture";
import { failInterruptedInlineRuns, getJobRun, THIS_PROCESS } from "./runs.server";

const live = spawn("sleep", ["30"]);
afterAll(() => live.kill());

describe("inline runs whose process died", () => {
  it("fail; runs of live processes, of other hosts and newer unowned ones stay", () => {
    const deadPid = spawnSync("true").pid;
    const started = new Date();
    const run = (id: string, owner: string | null, createdAt = started) =>
      insertJobRun({ id, owner, createdAt });
    run("morto", `${hostname()}:${deadPid}`);
    run("este-processo", THIS_PROCESS);
    run("outro-vivo", `${hostname()}:${live.pid}`);
    run("outra-maquina", "outra-maquina:1");
    run("antigo-sem-dono", null, new Date(started.getTime() - 60_000));
    run("novo-sem-dono", null, new Date(started.getTime() + 60_000));

    expect(failInterruptedInlineRuns(started)).toBe(2);
    const status = (id: string) => getJobRun(id)?.status;
    expect(status("morto")).toBe("failed");
    expect(status("antigo-sem-dono")).toBe("failed");
    for (const id of ["este-processo", "outro-vivo", "outra-maquina", "novo-sem-dono"])
      expect(status(id)).toBe("running");
    expect(getJobRun("morto")?.error).toMatch(/^Interrompida/);
  });
});
