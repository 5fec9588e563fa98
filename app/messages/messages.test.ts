import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";

/**
 * The catalogue is split by area so that each page's bundle carries only the areas it reads
 * (Rollup drops the unused exports of a namespace import read statically). These tests pin
 * the split: areas are plain data, an area name lives in one file only, the index re-exports
 * every area file, and the app reads `messages` only as `messages.<area>`.
 */

const dir = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(dir, "..");
/** Area files, as paths below messages/ ("accounts/auth.ts"): the shared ones at the top, each domain's in its folder. */
const areaFiles = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .map((f) => f.split(path.sep).join("/"))
  .filter(
    (f) =>
      f.endsWith(".ts") && f !== "index.ts" && !f.endsWith(".test.ts") && !f.startsWith("locale/"),
  )
  .sort();

const areaModules = import.meta.glob<Record<string, unknown>>(
  ["./**/*.ts", "!./index.ts", "!./**/*.test.ts", "!./locale/**"],
  { eager: true },
);

function loadAreas() {
  return areaFiles.map((file) => {
    const exports = areaModules[`./${file}`];
    if (!exports) throw new Error(`${file} was not loaded`);
    return { file, exports };
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}

/** Paths (area.key.sub) whose value is not a string, number, function, array or plain object. */
function oddValues(value: unknown, at: string): string[] {
  if (typeof value === "string" || typeof value === "number" || typeof value === "function") {
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => oddValues(v, `${at}[${i}]`));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([k, v]) => oddValues(v, `${at}.${k}`));
  }
  return [at];
}

describe("messages catalogue", () => {
  it("has area files", () => {
    expect(areaFiles.length).toBeGreaterThan(1);
  });

  it("area modules export only plain objects and functions of texts", () => {
    for (const { file, exports } of loadAreas()) {
      const names = Object.keys(exports);
      expect(names.length, `${file} exports nothing`).toBeGreaterThan(0);
      expect(names, `${file} has a default export`).not.toContain("default");
      for (const [name, value] of Object.entries(exports)) {
        expect(
          isPlainObject(value) || typeof value === "function",
          `${file}: ${name} is not a plain object or a function`,
        ).toBe(true);
        expect(oddValues(value, name), `${file}: values that are not texts`).toEqual([]);
      }
    }
  });

  it("no area name is exported by two files", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const { file, exports } of loadAreas()) {
      for (const name of Object.keys(exports)) {
        const first = owner.get(name);
        if (first) clashes.push(`${name}: ${first} and ${file}`);
        else owner.set(name, file);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("the index re-exports every area file, and only them", () => {
    const index = readFileSync(path.join(dir, "index.ts"), "utf8");
    const sources = [...index.matchAll(/from\s+"\.\/([\w/-]+)"/g)].map((m) => `${m[1]}.ts`);
    expect([...new Set(sources)].sort()).toEqual(areaFiles);

    const expected: Record<string, unknown> = {};
    for (const { exports } of loadAreas()) Object.assign(expected, exports);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, value] of Object.entries(expected)) {
      expect((messages as Record<string, unknown>)[name], name).toBe(value);
    }
  });

  it("the app reads the catalogue only as messages.<area>, so bundles keep only what they use", () => {
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) check(full);
      }
    };
    const check = (file: string) => {
      const source = readFileSync(file, "utf8");
      if (!/\bfrom\s+"(~|\.{1,2}(\/\.\.)*)\/messages"/.test(source)) return;
      source.split("\n").forEach((line, i) => {
        const trimmed = line.trim();
        if (/^(\/\/|\/\*|\*)/.test(trimmed) || /^import\s/.test(trimmed)) return;
        const code = line.replace(/\s\/\/.*$/, "");
        // `messages` must be followed by `.area`: spreading it, passing it, `typeof messages`,
        // `Object.keys(messages)` or `messages[key]` would make every page ship every area.
        if (/\bmessages\b(?!\.[A-Za-z_$])/.test(code)) {
          offenders.push(`${path.relative(appDir, file)}:${i + 1}: ${trimmed}`);
        }
      });
    };
    walk(appDir);
    expect(offenders).toEqual([]);
  });
});
