#!/usr/bin/env node
// Moves modules and rewrites every import that names them (static, dynamic, vi.mock, vi.importActual).
// Usage: node scripts/move-modules.mjs moves.txt   (one "old/path new/path" per line, paths from the repo root)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const EXTS = [".ts", ".tsx", ".mjs", ".js"];
const SCAN = ["app", "db", "bench", "tests", "scripts"];
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bvi\.(?:mock|importActual|doMock)\s*\(\s*|^\s*import\s+)(["'])([^"']+)\2/gm;

const moves = new Map();
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  const [from, to] = line.trim().split(/\s+/);
  if (!from || !to) continue;
  moves.set(path.resolve(root, from), path.resolve(root, to));
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", ".data", "build", "results"].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (EXTS.some((ext) => entry.name.endsWith(ext))) out.push(full);
  }
  return out;
}

function resolveFile(base) {
  for (const candidate of [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, "index" + e))])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

function target(spec, fromFile) {
  if (spec.startsWith("~/")) return path.join(root, "app", spec.slice(2));
  if (spec.startsWith("~db/")) return path.join(root, "db", spec.slice(4));
  if (spec.startsWith(".")) return path.resolve(path.dirname(fromFile), spec);
  return undefined;
}

function specifierFor(newTarget, importerNewPath, original, originalResolved) {
  // Keep the extension style of the original specifier (written with or without one).
  const hadExt = EXTS.some((e) => original.endsWith(e)) && originalResolved.endsWith(path.extname(original));
  const withoutExt = hadExt ? newTarget : newTarget.replace(/\.(tsx?|mjs|js)$/, "");
  if (original.startsWith("~/")) return "~/" + path.relative(path.join(root, "app"), withoutExt);
  if (original.startsWith("~db/")) return "~db/" + path.relative(path.join(root, "db"), withoutExt);
  let rel = path.relative(path.dirname(importerNewPath), withoutExt);
  if (!rel.startsWith(".")) rel = "./" + rel;
  return rel;
}

// Resolve every file's imports against the tree before anything moves.
const files = SCAN.flatMap((d) => walk(path.join(root, d)));
const rewrites = new Map();
for (const file of files) {
  const source = fs.readFileSync(file, "utf8");
  const importerNew = moves.get(file) ?? file;
  let changed = false;
  const next = source.replace(SPEC, (whole, lead, quote, spec) => {
    const base = target(spec, file);
    if (!base) return whole;
    const resolved = resolveFile(base);
    if (!resolved) return whole;
    const movedTarget = moves.get(resolved);
    if (!movedTarget && importerNew === file) return whole;
    if (!movedTarget && !spec.startsWith(".")) return whole;
    const newSpec = specifierFor(movedTarget ?? resolved, importerNew, spec, resolved);
    if (newSpec === spec) return whole;
    changed = true;
    return `${lead}${quote}${newSpec}${quote}`;
  });
  if (changed) rewrites.set(file, next);
}

for (const [file, text] of rewrites) fs.writeFileSync(file, text);
for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  execFileSync("git", ["mv", from, to]);
}
console.log(`moved ${moves.size} files, rewrote imports in ${rewrites.size}`);
