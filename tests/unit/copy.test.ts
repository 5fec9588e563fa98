import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";

/**
 * The copy rules of issue #29 (ADR 0060), checked on the whole app:
 * 1. no text carries a "(s)" plural — every count goes through `locale/plural` (Intl.PluralRules);
 * 2. every `messages.<area>.<key>` a page reads exists in the catalogue, also through an alias
 *    (`const m = messages.search` … `m.title`).
 * Each check runs on a fixture first, so the test is shown to fail when the rule is broken.
 */

const root = path.resolve(__dirname, "../..");
const appDir = path.join(root, "app");
const catalogue = messages as unknown as Record<string, unknown>;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(folder, f));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// 1. "(s)"

/** A word with its plural ending in brackets: "peça(s)", "compatível(is)", "item(ns)", "sessão(ões)". */
const BRACKET_PLURAL = /[\p{L}]\((s|is|ns|es|ões|a|as|o|os)\)/u;

/** The lines of a source file's string literals and template texts that carry a bracket plural. */
function bracketPluralsInSource(source: string, file = "fixture"): string[] {
  return source.split("\n").flatMap((line, i) => {
    const code = line.trim();
    if (/^(\/\/|\/\*|\*)/.test(code)) return []; // comments may name the rule
    const literals = code.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`?/g) ?? [];
    return literals.some((text) => BRACKET_PLURAL.test(text)) ? [`${file}:${i + 1}: ${code}`] : [];
  });
}

/** Every text of the catalogue, functions called with 1 and with 2 (or their strings). */
function renderedTexts(value: unknown, at: string): { at: string; text: string }[] {
  if (typeof value === "string") return [{ at, text: value }];
  if (typeof value === "function") {
    return [1, 2, 0].flatMap((n) => {
      try {
        const args = Array.from({ length: Math.max(1, value.length) }, () => n);
        return renderedTexts(value(...args), `${at}(${n})`);
      } catch {
        // Arguments of another shape (a list, an object): the source scan covers its text.
        return [];
      }
    });
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => renderedTexts(v, `${at}[${i}]`));
  if (isObject(value)) {
    return Object.entries(value).flatMap(([k, v]) => renderedTexts(v, `${at}.${k}`));
  }
  return [];
}

describe("no bracket plurals: counts agree with their number", () => {
  it("the scanners catch a bracket plural (fixture)", () => {
    const fixture = [
      "export const fixture = {",
      "  found: (n: number) => `${n} peça(s) encontrada(s)`,",
      '  fits: "Ver veículo(s) compatível(is)",',
      '  ok: (n: number) => countOf(n, { one: "peça", other: "peças" }),',
      "  // a comment may say (s)",
      "};",
    ].join("\n");
    expect(bracketPluralsInSource(fixture)).toEqual([
      "fixture:2: found: (n: number) => `${n} peça(s) encontrada(s)`,",
      'fixture:3: fits: "Ver veículo(s) compatível(is)",',
    ]);
    const rendered = renderedTexts(
      { found: (n: number) => `${n} resultado(s)`, item: "1 item(ns)", fine: "2 peças" },
      "fixture",
    ).filter(({ text }) => BRACKET_PLURAL.test(text));
    expect(rendered.map((r) => r.at)).toEqual([
      "fixture.found(1)",
      "fixture.found(2)",
      "fixture.found(0)",
      "fixture.item",
    ]);
  });

  it("no text the catalogue renders, with 0, 1 or 2, has a bracket plural", () => {
    const offenders = Object.entries(catalogue)
      .flatMap(([area, value]) => renderedTexts(value, area))
      .filter(({ text }) => BRACKET_PLURAL.test(text))
      .map(({ at, text }) => `${at}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it("no string in app/ (the catalogue, pages, models) has a bracket plural", () => {
    const offenders = sourceFiles(appDir).flatMap((file) =>
      bracketPluralsInSource(readFileSync(file, "utf8"), path.relative(root, file)),
    );
    expect(offenders).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Keys a page reads that the catalogue does not have

/** The catalogue's value at `keys`, or why it is missing; null once a value is no plain object. */
function missingAt(keys: string[]): string | null {
  let value: unknown = catalogue;
  for (const [i, key] of keys.entries()) {
    if (!isObject(value)) return null; // a text, a list or a function: its own JS properties
    if (!(key in value)) return `messages.${keys.slice(0, i + 1).join(".")}`;
    value = value[key];
  }
  return null;
}

const CHAIN = /\bmessages((?:\.[A-Za-z_$][\w$]*)+)/g;
const ALIAS =
  /\b(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*messages((?:\.[A-Za-z_$][\w$]*)+)\s*[;,\n]/g;

/**
 * The catalogue paths a source reads that do not exist: `messages.area.key…` chains, and the
 * keys read through an alias (`const m = messages.area`; `m.key`), unless the alias's name is
 * also a parameter or another variable in that file (then `m.x` may be something else).
 */
function missingKeys(source: string, file = "fixture"): string[] {
  const code = source
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*|\*|import\s)/.test(line))
    .join("\n");
  const missing = new Set<string>();
  for (const [, chain] of code.matchAll(CHAIN)) {
    const problem = missingAt(chain!.slice(1).split("."));
    if (problem) missing.add(`${file}: ${problem}`);
  }
  for (const [, alias, chain] of code.matchAll(ALIAS)) {
    const base = chain!.slice(1).split(".");
    const name = alias!.replace(/\$/g, "\\$");
    const declared = code.match(new RegExp(`\\b(const|let|var)\\s+${name}\\b`, "g"))?.length ?? 0;
    // `(m) =>`, `(a, m: T)`, `m =>`, `{ a, m } =`: a parameter or a destructured name.
    const asParameter = new RegExp(
      `[(,]\\s*${name}\\s*[),:=]|\\b${name}\\s*=>|[{,]\\s*${name}\\s*[,}][^}]*\\}?\\s*[=:)]`,
    ).test(code);
    if (declared > 1 || asParameter) continue;
    const reads = code.matchAll(new RegExp(`(?<![\\w$.])${name}((?:\\.[A-Za-z_$][\\w$]*)+)`, "g"));
    for (const [, rest] of reads) {
      const problem = missingAt([...base, ...rest!.slice(1).split(".")]);
      if (problem) missing.add(`${file}: ${problem}`);
    }
  }
  return [...missing];
}

describe("every catalogue key a page reads exists", () => {
  it("the scanner catches a missing area, a missing key and a missing key read through an alias (fixture)", () => {
    const fixture = [
      'import * as messages from "~/messages";',
      "const m = messages.search;",
      "const d = messages.dashboard.overview;",
      "export const a = messages.noSuchArea.title;",
      "export const b = messages.search.noSuchKey;",
      "export const c = m.title + m.tips.length + m.noSuchAliasKey;",
      "export const e = d.customers + d.nothingHere;",
      "export const f = messages.search.imageFormats.map((x) => x.type);",
      "export const g = messages.dashboard.tabs.nope;",
    ].join("\n");
    expect(missingKeys(fixture).sort()).toEqual(
      [
        "fixture: messages.noSuchArea",
        "fixture: messages.search.noSuchKey",
        "fixture: messages.search.noSuchAliasKey",
        "fixture: messages.dashboard.overview.nothingHere",
        "fixture: messages.dashboard.tabs.nope",
      ].sort(),
    );
  });

  it("every messages.<area>.<key> under app/, directly or through an alias, is in the catalogue", () => {
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.startsWith(path.join(appDir, "messages") + path.sep))
      .flatMap((file) => missingKeys(readFileSync(file, "utf8"), path.relative(root, file)));
    expect(offenders).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The photo's formats and the search tips (issue #29)

describe("the photo search names exactly the formats it takes", () => {
  const s = messages.search;

  it("the hint and the refusal name every format of the one list, and no other", () => {
    const names = s.imageFormats.map((f) => f.name);
    for (const name of names) {
      expect(s.imageHint).toContain(name);
      expect(s.imageInvalid).toContain(name);
    }
    for (const other of ["HEIC", "HEIF", "AVIF", "BMP", "TIFF", "SVG"]) {
      expect(s.imageHint).not.toContain(other);
      expect(s.imageInvalid).not.toContain(other);
    }
    expect(s.imageHint).toBe("JPG, PNG, WebP ou GIF até 10MB");
  });

  it("the file picker's accept comes from that list, not from a list of its own", () => {
    const form = readFileSync(path.join(appDir, "components/image-search-form.tsx"), "utf8");
    expect(form).toContain('accept={s.imageFormats.map((format) => format.type).join(",")}');
    expect(form).not.toMatch(/accept="image\//);
  });
});

describe("tips fit the kind of search", () => {
  const s = messages.search;

  it("a description search, with results or without, gets no tip about typing codes", () => {
    for (const tip of [...s.tipsFor.description, ...s.descriptionTips]) {
      expect(tip).not.toMatch(/código/i);
    }
    expect(s.descriptionTips.join(" ")).toMatch(/menos palavras/);
  });

  it("a code search gets code tips, a photo search photo tips, a vehicle search its own", () => {
    expect(s.tipsFor.code.join(" ")).toMatch(/código/);
    expect(s.tipsFor.image.join(" ")).toMatch(/Fotografe/);
    expect(s.tipsFor.image.join(" ")).toContain("JPG, PNG, WebP ou GIF");
    expect(messages.vehicleSearch.tips.join(" ")).toMatch(/marca, o modelo e o ano/);
  });
});
