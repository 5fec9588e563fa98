// The sprite is a file of its own (hashed, cached a year): the page's JavaScript carries only its URL.
import sprite from "./icons/sprite.svg?url&no-inline";

/** The icons of the interface: lucide-react's, drawn from the sprite scripts/icon-sprite.ts writes. */
export type IconName =
  | "arrow-left"
  | "arrow-right"
  | "car"
  | "chart-column"
  | "circle-dot"
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
 * An icon. Beside a text it says nothing more, so it is hidden from assistive technology; alone,
 * it needs `label` (from the message catalogue) — or the label goes on the button or link holding it.
 */
export function Icon({
  name,
  className = "size-5",
  label,
}: {
  name: IconName;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      className={`shrink-0 ${className}`}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
