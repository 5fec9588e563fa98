// JavaScript weight per page, read from a client build: the gzip size (level 9, as
// bench/pages.mjs measures) of every script a page loads on first visit — entry.client, the route
// modules of the page and its parents, and every chunk they import statically — summed over the
// distinct files. The route manifest itself is not counted: with lazy route discovery the server
// inlines it in the HTML. Used by `npm run bench:bundles` and by the budget test
// (tests/e2e/security.spec.ts).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Issue #13: at most this much gzip JavaScript per page. */
export const JS_BUDGET_KB = 100;

/**
 * Pages to measure: the route ids of the page and its parents, and a budget of their own where
 * JS_BUDGET_KB cannot hold. The PIX dialog draws over the whole invoices list and carries the CPF
 * form's Conform hooks (its zod schema loads on the first touch, ADR 0063): 145 KB before that.
 */
export const PAGES = [
  { name: "landing", routes: ["root", "routes/_landing", "routes/_landing._index"] },
  { name: "login", routes: ["root", "routes/login"] },
  { name: "register", routes: ["root", "routes/register"] },
  { name: "home", routes: ["root", "routes/_app", "routes/_app.home"] },
  { name: "search", routes: ["root", "routes/_app", "routes/_app.search"] },
  { name: "invoices", routes: ["root", "routes/_app", "routes/_app.invoices"] },
  {
    name: "pix",
    routes: ["root", "routes/_app", "routes/_app.invoices", "routes/_app.invoices.$id.pix"],
    budgetKb: 115,
  },
];

/**
 * Every budgeted page's scripts in a build directory, largest file first.
 * @param {string} buildDir
 */
export function pageWeights(buildDir) {
  const clientDir = path.join(buildDir, "client");
  /** The Remix manifest: build/client/assets/manifest-<hash>.js. */
  function readRemixManifest() {
    const assets = path.join(clientDir, "assets");
    const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
    if (!file) throw new Error(`no manifest-*.js in ${assets}`);
    const source = readFileSync(path.join(assets, file), "utf8");
    const prefix = "window.__remixManifest=";
    if (!source.startsWith(prefix)) throw new Error(`unexpected manifest format in ${file}`);
    return JSON.parse(source.slice(prefix.length).replace(/;\s*$/, ""));
  }

  const sizes = new Map();
  /** Raw and gzip bytes of one client file, by its URL path (/assets/x.js). */
  function sizeOf(url) {
    let s = sizes.get(url);
    if (!s) {
      const raw = readFileSync(path.join(clientDir, url));
      s = { bytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length };
      sizes.set(url, s);
    }
    return s;
  }

  /** Static imports written in a chunk (`from"./x.js"`, `import"./x.js"`), as URL paths. */
  function staticImportsOf(url) {
    const source = readFileSync(path.join(clientDir, url), "utf8");
    const found = [];
    for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      found.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
    return found;
  }

  /** Every file a page loads: the listed modules and, transitively, their static imports. */
  function closure(urls) {
    const seen = new Set();
    const queue = [...urls];
    while (queue.length > 0) {
      const url = queue.shift();
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...staticImportsOf(url));
    }
    return [...seen];
  }

  const manifest = readRemixManifest();
  return PAGES.map((page) => {
    const start = [manifest.entry.module, ...manifest.entry.imports];
    for (const id of page.routes) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route "${id}" (page ${page.name}) is not in the manifest`);
      start.push(route.module, ...(route.imports ?? []));
    }
    const files = closure(start)
      .map((url) => ({ url, ...sizeOf(url) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
    const bytes = files.reduce((s, f) => s + f.bytes, 0);
    return {
      name: page.name,
      budgetKb: page.budgetKb ?? JS_BUDGET_KB,
      kbGzip: gzipBytes / 1024,
      kbRaw: bytes / 1024,
      files,
    };
  });
}
