import * as messages from "~/messages";
import type { Role } from "~/schemas/choices";
import { ICON_SPRITE, type IconName } from "./icon";

export type NavItem = {
  to: string;
  label: string;
  roles: readonly Role[];
  /** A symbol of the icon sprite: the loader hands the shell names, not components. */
  icon: IconName;
  children?: NavItem[];
};

const everyone: readonly Role[] = ["admin", "user", "premium_user"];
const adminOnly: readonly Role[] = ["admin"];
const customers: readonly Role[] = ["user", "premium_user"];
const n = messages.nav;

/** The sidebar of the spec, in its order; the server checks the same roles on every route. */
export const NAVIGATION: NavItem[] = [
  { to: "/home", label: n.home, roles: everyone, icon: "house" },
  { to: "/search", label: n.search, roles: everyone, icon: "search" },
  { to: "/usage", label: n.usage, roles: everyone, icon: "chart-column" },
  { to: "/parts", label: n.parts, roles: adminOnly, icon: "screw" },
  { to: "/admin", label: n.admin, roles: adminOnly, icon: "layout-dashboard" },
  { to: "/admin/import", label: n.import, roles: adminOnly, icon: "download" },
  {
    to: "/admin/data-quality",
    label: messages.dataQuality.title,
    roles: adminOnly,
    icon: "stethoscope",
  },
  { to: "/admin/synonyms", label: messages.synonyms.title, roles: adminOnly, icon: "spell-check" },
  { to: "/categories", label: n.categories, roles: adminOnly, icon: "folder-tree" },
  {
    to: "/vehicles",
    label: n.vehicles,
    roles: adminOnly,
    icon: "car",
    children: [
      { to: "/vehicles", label: n.vehiclesList, roles: adminOnly, icon: "list" },
      { to: "/vehicles/brands", label: n.brands, roles: adminOnly, icon: "tags" },
    ],
  },
  { to: "/customers", label: n.customers, roles: adminOnly, icon: "users" },
  { to: "/plans", label: n.plans, roles: adminOnly, icon: "credit-card" },
  { to: "/admin-invoices", label: n.adminInvoices, roles: adminOnly, icon: "receipt" },
  { to: "/invoices", label: n.invoices, roles: customers, icon: "receipt" },
  { to: "/settings", label: n.settings, roles: everyone, icon: "settings" },
];

/** What the shell draws: the items a role may open, and the icon sprite's URL (ADR 0059). */
export type Navigation = { items: NavItem[]; iconSprite: string };

export function navigationFor(role: Role): Navigation {
  const items = NAVIGATION.filter((item) => item.roles.includes(role)).map((item) => ({
    ...item,
    children: item.children?.filter((child) => child.roles.includes(role)),
  }));
  return { items, iconSprite: ICON_SPRITE };
}
