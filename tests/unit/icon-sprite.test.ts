import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSprite, SPRITE_FILE, SPRITE_ICONS } from "../../scripts/icon-sprite";

describe("the icon sprite", () => {
  it("is what lucide-react draws for the names <Icon> accepts (npx tsx scripts/icon-sprite.ts)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(renderSprite());
  });

  it("has one symbol per name, stroked in the text's colour", () => {
    const sprite = renderSprite();
    const ids = [...sprite.matchAll(/<symbol id="([a-z-]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(Object.keys(SPRITE_ICONS));
    expect(sprite.match(/stroke="currentColor"/g)).toHaveLength(ids.length);
  });
});
