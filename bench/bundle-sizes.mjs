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

import { existsSync } from "node:fs";
import path from "node:path";
import { JS_BUDGET_KB, pageWeights } from "./page-weights.mjs";

const args = process.argv.slice(2);
const json = args.includes("--json");
const buildDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "build");

if (!existsSync(path.join(buildDir, "client"))) {
  console.error(`bench:bundles: ${buildDir}/client not found (build first: npx remix vite:build)`);
  process.exit(1);
}
const results = pageWeights(buildDir);

if (json) {
  console.log(JSON.stringify({ buildDir, pages: results }, null, 2));
} else {
  console.log(`JavaScript per page (gzip -9), ${buildDir}`);
  console.log(`budget ${JS_BUDGET_KB} KB per page (issue #13) unless a page names its own`);
  console.log("page       files   KB gzip   budget   KB raw   largest");
  for (const r of results) {
    const largest = r.files
      .slice(0, 3)
      .map((f) => `${path.posix.basename(f.url)} ${(f.gzipBytes / 1024).toFixed(1)}`)
      .join(", ");
    console.log(
      `${r.name.padEnd(10)} ${String(r.files.length).padStart(5)} ${r.kbGzip
        .toFixed(1)
        .padStart(
          9,
        )} ${String(r.budgetKb).padStart(8)} ${r.kbRaw.toFixed(1).padStart(8)}   ${largest}`,
    );
  }
}
