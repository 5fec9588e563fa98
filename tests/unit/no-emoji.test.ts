import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No emoji in the interface (issue #29, ADR 0059): a phone without an emoji font draws them as empty
 * boxes. Icons come from the lucide sprite (`<Icon name=…>`); text keeps to characters every font has.
 *
 * Refused: every Extended_Pictographic codepoint (emoji, dingbats, ☎ ⚙ ↗ ⏱ …), the emoji
 * presentation selector U+FE0F and the keycap mark U+20E3, and pictographs that are not
 * Extended_Pictographic but stand in for icons (☰ menu, ✓ ✔ ✕ ✖ ✗ ✘ marks, ★ ☆ stars).
 * Allowed: © ® ™, which are letter-like symbols every text font draws; arrows ← → and × inside a
 * sentence are typography (not Extended_Pictographic), never an icon on their own.
 *
 * Every file under app/ is read, except tests (*.test.ts, *.test.tsx): their inputs may hold emoji
 * on purpose (a CSV cell with 😀 must survive the import).
 */
const APP = path.resolve(__dirname, "../../app");
const ALLOWED = new Set(["©", "®", "™"]);
const REFUSED =
  /\p{Extended_Pictographic}|\u{FE0F}|\u{20E3}|[\u2630-\u2637\u2713-\u2718\u2605\u2606]/gu;
const TEXT_FILE = /\.(tsx?|mjs|js|css|json|svg|html|md|txt)$/;
const TEST_FILE = /\.test\.tsx?$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return TEXT_FILE.test(entry.name) && !TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** Each refused character of a text, as "line: U+XXXX c". */
function emojiIn(text: string): string[] {
  return text.split("\n").flatMap((line, index) =>
    [...line.matchAll(REFUSED)]
      .map((match) => match[0])
      .filter((char) => !ALLOWED.has(char))
      .map((char) => {
        const hex = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        return `${index + 1}: U+${hex} ${char}`;
      }),
  );
}

describe("no emoji in the interface", () => {
  it("finds the emoji, pictographs and variation selector it means to refuse", () => {
    expect(emojiIn("🔎 Buscar")).toEqual(["1: U+1F50E 🔎"]);
    expect(emojiIn("ok\nConfigurações ⚙️")).toEqual(["2: U+2699 ⚙", "2: U+FE0F \uFE0F"]);
    expect(emojiIn("☰ ✓ ✕ ★ ↗")).toHaveLength(5);
  });

  it("lets typography through: © ® ™, arrows and × inside text, bullets and ellipses", () => {
    expect(emojiIn("© 2025 Encaixa® Peças™")).toEqual([]);
    expect(emojiIn("Configurações → API; 1200 × 630; ••••1234; Carregando…")).toEqual([]);
  });

  it("holds for every file under app/ but tests", () => {
    const files = filesUnder(APP);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      emojiIn(readFileSync(file, "utf8")).map((hit) => `${path.relative(APP, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
