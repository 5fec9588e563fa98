import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house's shape (ADR 0036): rooms small enough to read, and imports that never run in a
 * circle. The layers themselves are the lint's (tests/unit/layers.test.ts).
 */
const APP = path.resolve("app");
const MAX_LINES = 400;
/** Data, not code: the simulators' sample catalogues. */
const DATA_FILES = /(^|\/)sample-data\.ts$/;
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

const IMPORT_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|^\s*export\s+\*\s+from\s*)["']([^"']+)["']/gm;
const RESOLVABLE = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(specifier: string, fromFile: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  for (const suffix of RESOLVABLE) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every module of app/ (tests aside) and the modules of app/ it imports, type-only ones too. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(APP).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const source = fs
      .readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    const targets = [...source.matchAll(IMPORT_SPECIFIER)]
      .map((match) => resolveImport(match[1]!, file))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const relative = (file: string) => path.relative(process.cwd(), file);

describe("the structure of app/", () => {
  it(`has no file over ${MAX_LINES} lines (sample data aside)`, () => {
    const tooLong = sourceFiles(APP)
      .filter((file) => !DATA_FILES.test(file))
      .map((file) => ({ file, lines: fs.readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${relative(file)}: ${lines}`);
    expect(tooLong).toEqual([]);
  });

  it("has no import cycle, type-only imports included", () => {
    const found = cycles(importGraph()).map((component) => component.map(relative).sort());
    expect(found).toEqual([]);
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph).map((c) => c.sort())).toEqual([["a", "b", "c"]]);
  });
});
