// The sprite is a file of its own (hashed, cached a year): the page's JavaScript carries only its URL.
import sprite from "./icons/sprite.svg?url&no-inline";

/** The sprite's URL, for the app shell: its loader sends it, so the shell needs no module of ours. */
export const ICON_SPRITE = sprite;

/** The icons of the interface: lucide-react's, drawn from the sprite scripts/icon-sprite.ts writes. */
export type IconName =
  | "aperture"
  | "arrow-left"
  | "arrow-right"
  | "car"
  | "chart-column"
  | "cog"
  | "credit-card"
  | "disc"
  | "download"
  | "engine"
  | "external-link"
  | "filter"
  | "flame"
  | "folder-tree"
  | "house"
  | "layout-dashboard"
  | "list"
  | "menu"
  | "move-vertical"
  | "package"
  | "receipt"
  | "screw"
  | "search"
  | "settings"
  | "spell-check"
  | "steering-wheel"
  | "stethoscope"
  | "tags"
  | "thermometer"
  | "user-plus"
  | "users"
  | "wrench"
  | "x"
  | "zap";

/**
 * An icon, always decorative: beside a text it says nothing more, and alone in a button or link the
 * name goes on that button or link (`aria-label` from the message catalogue), not on the drawing.
 */
export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg className={`shrink-0 ${className}`} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
