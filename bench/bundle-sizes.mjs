#!/usr/bin/env node
// Static JavaScript weight per page, read from an existing client build:
// the gzip size of every script a page loads on first visit (entry.client,
// the route modules of the page and its parents, and every chunk they import
// statically). Builds nothing; no server, no browser.
//
//   npx remix vite:build && npm run bench:bundles            # reads ./build
//   npm run bench:bundles -- build-bundles                    # another build dir
//   npm run bench:bundles -- /tmp/before/build --json         # machine-readable
//
// Sizes are gzip level 9 of each file (as bench/pages.mjs measures), summed
// over the distinct files, in KB (1024 bytes). The route manifest itself is
// not counted: with lazy route discovery the server inlines it in the HTML.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Pages to measure: the route ids of the page and its parents. */
const PAGES = [
  { name: "landing", routes: ["root", "routes/_landing", "routes/_landing._index"] },
  { name: "login", routes: ["root", "routes/login"] },
  { name: "register", routes: ["root", "routes/register"] },
  { name: "home", routes: ["root", "routes/_app", "routes/_app.home"] },
  { name: "search", routes: ["root", "routes/_app", "routes/_app.search"] },
];

const args = process.argv.slice(2);
const json = args.includes("--json");
const buildDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "build");
const clientDir = path.join(buildDir, "client");

function fail(message) {
  console.error(`bench:bundles: ${message}`);
  process.exit(1);
}

if (!existsSync(clientDir)) fail(`${clientDir} not found (build first: npx remix vite:build)`);

/** The Remix manifest: build/client/assets/manifest-<hash>.js. */
function readRemixManifest() {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) fail(`no manifest-*.js in ${assets}`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const prefix = "window.__remixManifest=";
  if (!source.startsWith(prefix)) fail(`unexpected manifest format in ${file}`);
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
const results = PAGES.map((page) => {
  const start = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of page.routes) {
    const route = manifest.routes[id];
    if (!route) fail(`route "${id}" (page ${page.name}) is not in the manifest`);
    start.push(route.module, ...(route.imports ?? []));
  }
  const files = closure(start)
    .map((url) => ({ url, ...sizeOf(url) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  const bytes = files.reduce((s, f) => s + f.bytes, 0);
  return { name: page.name, kbGzip: gzipBytes / 1024, kbRaw: bytes / 1024, files };
});

if (json) {
  console.log(JSON.stringify({ buildDir, pages: results }, null, 2));
} else {
  console.log(`JavaScript per page (gzip -9), ${buildDir}`);
  console.log("page       files   KB gzip   KB raw   largest");
  for (const r of results) {
    const largest = r.files
      .slice(0, 3)
      .map((f) => `${path.posix.basename(f.url)} ${(f.gzipBytes / 1024).toFixed(1)}`)
      .join(", ");
    console.log(
      `${r.name.padEnd(10)} ${String(r.files.length).padStart(5)} ${r.kbGzip
        .toFixed(1)
        .padStart(9)} ${r.kbRaw.toFixed(1).padStart(8)}   ${largest}`,
    );
  }
}
