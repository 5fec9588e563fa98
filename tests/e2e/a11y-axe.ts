import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";

/** The two sizes every page is checked at: a 360 px phone and a common laptop. */
export const SIZES = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
] as const;

/**
 * The rules axe runs: every rule for WCAG 2.0–2.2 A and AA and axe's best practices (AAA left
 * out), plus one experimental rule: a name that omits the text shown (WCAG 2.5.3), which the
 * issue found on the avatar. axe's other experimental rules are not run: `p-as-heading` reads
 * every big bold figure of a stat card or price as a heading that should be one.
 */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const NAME_HOLDS_TEXT = "label-content-name-mismatch";

/**
 * Where axe looks at a page. axe-core needs timers, which do not run in a page with JavaScript
 * disabled, so in the js-off project the server-rendered DOM the browser got is copied into a
 * scratch JS-enabled page (same URL, same stylesheets, every <script> removed and script requests
 * refused) and axe runs there: the app's code never runs, only axe's. One scratch page serves a
 * whole walk, so a page costs one navigation more, not one browser context more.
 */
export class AxeChecker {
  private scratch: { context: BrowserContext; page: Page } | null = null;
  private served = { url: "", html: "" };

  constructor(
    private readonly browser: Browser,
    private readonly testInfo: TestInfo,
  ) {}

  private get jsOff() {
    return this.testInfo.project.use.javaScriptEnabled === false;
  }

  private async scratchPage(): Promise<Page> {
    if (this.scratch) return this.scratch.page;
    const context = await this.browser.newContext({ javaScriptEnabled: true, locale: "pt-BR" });
    await context.route("**/*", (route) => {
      const request = route.request();
      if (request.isNavigationRequest() && request.url() === this.served.url)
        return route.fulfill({
          status: 200,
          contentType: "text/html; charset=utf-8",
          body: this.served.html,
        });
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    this.scratch = { context, page: await context.newPage() };
    return this.scratch.page;
  }

  /** The page axe should read: `page` itself with JS on, its copy in the scratch page with JS off. */
  private async target(page: Page): Promise<Page> {
    if (!this.jsOff) return page;
    this.served = {
      url: page.url(),
      html: (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, ""),
    };
    const target = await this.scratchPage();
    await target.goto(this.served.url);
    return target;
  }

  /**
   * Runs axe (every rule it runs by default) on `page` at both sizes and fails on serious or critical
   * violations, printing them. `sizes` narrows it to one size when a state exists at one only.
   */
  async check(
    page: Page,
    label: string,
    sizes: readonly { width: number; height: number }[] = SIZES,
  ) {
    const target = await this.target(page);
    const found: string[] = [];
    for (const size of sizes) {
      await target.setViewportSize(size);
      const results = await new AxeBuilder({ page: target })
        .withTags(AXE_TAGS)
        .options({ rules: { [NAME_HOLDS_TEXT]: { enabled: true } } })
        // Runs axe inside the page instead of opening one more page per run; there are no iframes.
        .setLegacyMode(true)
        .analyze();
      for (const v of results.violations)
        if (v.impact === "serious" || v.impact === "critical")
          found.push(
            `${label} @${size.width}px [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
              v.nodes
                .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\n/g, " ")}`)
                .join("\n"),
          );
    }
    return found;
  }

  async close() {
    await this.scratch?.context.close();
    this.scratch = null;
  }
}

/**
 * Every screen of the app as a URL pattern, read from the route manifest (app/routes.ts, the one
 * the build and the access matrix use): a route module with a default export (a component) and a
 * path of its own. Layout routes without a path of their own (`_app`, `_landing`) are in every
 * screen under them; resource routes (/api, webhooks, simulators, receipts) have no component.
 */
export async function screenPatterns(): Promise<string[]> {
  // What @remix-run/dev sets before it evaluates routes.ts (getAppDirectory reads it).
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = path.resolve("app");
  type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
  const { default: config } = (await import("../../app/routes")) as { default: Entry[] };
  const found = new Set<string>();
  const walk = (entries: Entry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(path.resolve("app", entry.file), "utf8");
      const isScreen = /^export default /m.test(source);
      if (isScreen && (entry.path !== undefined || entry.index)) found.add(`/${full}`);
      walk(entry.children ?? [], full);
    }
  };
  walk(config, "");
  return [...found].sort();
}
