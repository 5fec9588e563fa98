// `npx tsx scripts/icon-sprite.ts`: writes app/components/icons/sprite.svg, one <symbol> per icon
// the interface names, drawn by lucide-react (ADR 0059). The browser gets the file, never
// lucide-react's JavaScript: its runtime alone is 1.8 KB gzip, more than /search has left under the
// 100 KB budget. tests/unit/icon-sprite.test.ts fails when the committed file is not this output.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  Aperture,
  ArrowLeft,
  ArrowRight,
  Car,
  ChartColumn,
  Cog,
  CreditCard,
  Disc,
  Download,
  Engine,
  ExternalLink,
  Filter,
  Flame,
  FolderTree,
  House,
  LayoutDashboard,
  List,
  Menu,
  MoveVertical,
  Package,
  Receipt,
  Screw,
  Search,
  Settings,
  SpellCheck,
  SteeringWheel,
  Stethoscope,
  Tags,
  Thermometer,
  UserPlus,
  Users,
  Wrench,
  X,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { IconName } from "../app/components/icon";

/** Every name `<Icon>` accepts, and the lucide icon it draws (named imports only: tree-shaken). */
export const SPRITE_ICONS = {
  aperture: Aperture,
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  car: Car,
  "chart-column": ChartColumn,
  cog: Cog,
  "credit-card": CreditCard,
  disc: Disc,
  download: Download,
  engine: Engine,
  "external-link": ExternalLink,
  filter: Filter,
  flame: Flame,
  "folder-tree": FolderTree,
  house: House,
  "layout-dashboard": LayoutDashboard,
  list: List,
  menu: Menu,
  "move-vertical": MoveVertical,
  package: Package,
  receipt: Receipt,
  screw: Screw,
  search: Search,
  settings: Settings,
  "spell-check": SpellCheck,
  "steering-wheel": SteeringWheel,
  stethoscope: Stethoscope,
  tags: Tags,
  thermometer: Thermometer,
  "user-plus": UserPlus,
  users: Users,
  wrench: Wrench,
  x: X,
  zap: Zap,
} satisfies Record<IconName, LucideIcon>;

/** lucide's drawing attributes, on each symbol: a <use> inherits them and `currentColor`. */
const STROKE =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The sprite's text: lucide-react's own markup of each icon, its inner shapes as a <symbol>. */
export function renderSprite(): string {
  const symbols = Object.entries(SPRITE_ICONS).map(([name, icon]) => {
    const markup = renderToStaticMarkup(createElement(icon));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (!inner) throw new Error(`icon-sprite: unexpected markup for ${name}`);
    return `<symbol id="${name}" ${STROKE}>${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

export const SPRITE_FILE = fileURLToPath(
  new URL("../app/components/icons/sprite.svg", import.meta.url),
);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SPRITE_FILE, renderSprite());
  console.log(`icon-sprite: ${Object.keys(SPRITE_ICONS).length} icons written to ${SPRITE_FILE}`);
}
