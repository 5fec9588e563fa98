import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";

/**
 * Knip finds unused exports, not unused keys of the pt-BR catalogue: a text no screen, job or log
 * reads any more is dead code too. Each area's top-level keys must be named somewhere in app/
 * (outside app/messages) or db/ (nested keys are often read by a computed name, e.g. `m.status[job.status]`,
 * so only the top level is checked).
 */
const APP = path.resolve("app");
const MESSAGES = path.join(APP, "messages");
/**
 * Readers of the catalogue: the app, db/, and the command-line entry points in scripts/
 * (`npm run db:restore` prints the backups area's restore texts). server.mjs and bench/ import no
 * texts; tests do not count, since a test reading a text keeps nothing alive on a screen.
 */
const READERS = [APP, path.resolve("db"), path.resolve("scripts")];

/** Keys no source names whole because the app builds the name; each with the read that does. */
const READ_BY_COMPUTED_NAME: Record<string, string> = {
  "catalogueImport.skipExistingPartsLabel":
    "import-settings-form.tsx: m[`${name}Label`] over the skipExisting… option names",
  "catalogueImport.skipExistingVehiclesLabel":
    "import-settings-form.tsx: m[`${name}Label`] over the skipExisting… option names",
  "catalogueImport.skipExistingCompatibilitiesLabel":
    "import-settings-form.tsx: m[`${name}Label`] over the skipExisting… option names",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === MESSAGES ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every top-level key of every area, as `area.key`, that no reader names whole. */
function keysNoReaderNames(): string[] {
  const code = READERS.flatMap((dir) => sourceFiles(dir))
    .map((file) => fs.readFileSync(file, "utf8"))
    .join("\n");
  const named = new Set(code.match(/[A-Za-z_$][\w$]*/g));
  return Object.entries(messages as unknown as Record<string, Record<string, unknown>>)
    .filter(([, area]) => area && typeof area === "object")
    .flatMap(([area, texts]) =>
      Object.keys(texts)
        .filter((key) => !named.has(key))
        .map((key) => `${area}.${key}`),
    );
}

describe("the pt-BR catalogue", () => {
  it("holds no text nothing reads (top-level keys of every area)", () => {
    const unused = keysNoReaderNames().filter((key) => !(key in READ_BY_COMPUTED_NAME));
    expect(unused).toEqual([]);
  });

  it("allows only keys that still exist and that no reader names whole", () => {
    const unnamed = new Set(keysNoReaderNames());
    const stale = Object.keys(READ_BY_COMPUTED_NAME).filter((key) => !unnamed.has(key));
    expect(stale).toEqual([]);
  });
});
