import { afterEach, describe, expect, it, vi } from "vitest";
import * as entryServer from "~/entry.server";
import { productionHandler } from "../support/route-manifest";

// The render of a page through the real entry.server, as production serves it.
const PAGES = new Set(["root", "routes/login", "routes/termos"]);
const handle = await productionHandler({ routes: PAGES });
const RENDER_ABORT_DELAY = entryServer.streamTimeout + 1000;

const page = (path: string, userAgent = "Mozilla/5.0 (Linux; Android 10) Chrome/120") =>
  handle(new Request(`http://localhost${path}`, { headers: { "User-Agent": userAgent } }));

afterEach(() => {
  vi.restoreAllMocks();
});

/** Render timers (the entry's abort after the stream timeout) started, and those cleared. */
function watchRenderTimers() {
  const started = new Set<unknown>();
  const cleared = new Set<unknown>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    callback: () => void,
    delay?: number,
    ...rest: unknown[]
  ) => {
    const timer = realSetTimeout(callback, delay, ...rest);
    if (delay === RENDER_ABORT_DELAY) started.add(timer);
    return timer;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, "clearTimeout").mockImplementation(((timer?: NodeJS.Timeout) => {
    if (started.has(timer)) cleared.add(timer);
    return realClearTimeout(timer);
  }) as typeof clearTimeout);
  return { started, cleared };
}

describe("a page render lets go of itself once it is sent", () => {
  it("the abort timer of each render is cleared when the page is whole, so nothing holds the render", async () => {
    const timers = watchRenderTimers();
    for (const path of ["/login", "/termos", "/login"]) {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("</html>");
    }
    expect(timers.started.size).toBe(3);
    expect(timers.cleared).toEqual(timers.started);
  });

  it("a bot still gets the whole page in one answer, and its timer is cleared too", async () => {
    const timers = watchRenderTimers();
    const response = await page("/login", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain("</html>");
    expect(timers.started.size).toBe(1);
    expect(timers.cleared).toEqual(timers.started);
  });
});
