import { foldName } from "~/utils/codes";
import type { IconName } from "./icon";

/** Words of a category's name (accents and case folded) and the icon that shows them. */
const BY_WORD: ReadonlyArray<readonly [string, IconName]> = [
  ["freio", "disc"],
  ["motor", "engine"],
  ["suspens", "move-vertical"],
  ["eletric", "zap"],
  ["transmiss", "cog"],
  ["cambio", "cog"],
  ["filtro", "filter"],
  ["arrefec", "thermometer"],
  ["igni", "flame"],
  ["dire", "steering-wheel"],
  ["embreag", "aperture"],
];

/**
 * A category's icon, chosen by its name; a category no word names gets a wrench. The loader picks
 * it, so the page gets a name, not this table (ADR 0059).
 */
export function categoryIcon(name: string): IconName {
  const folded = foldName(name);
  return BY_WORD.find(([word]) => folded.includes(word))?.[1] ?? "wrench";
}
