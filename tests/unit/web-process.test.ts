import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebProcess, type WebProcess } from "../support/web-process";

describe("web processes (tests/support/web-process)", () => {
  let processes: WebProcess[] = [];
  beforeAll(async () => {
    processes = await Promise.all([startWebProcess(), startWebProcess()]);
  }, 300_000);
  afterAll(() => Promise.all(processes.map((p) => p.stop())));

  it("serve the app as production does, each on its own port", async () => {
    const [a, b] = processes;
    expect(a.url).not.toBe(b.url);
    for (const { url } of processes) {
      const response = await fetch(`${url}/api/ping`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await response.json()).toMatchObject({ success: true });
    }
  });

  it("render pages through the real entry.server", async () => {
    const response = await fetch(`${processes[0].url}/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toContain("nonce-");
    expect(await response.text()).toContain("<!DOCTYPE html>");
  });
});
