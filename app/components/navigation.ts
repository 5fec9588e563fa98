import * as messages from "~/messages";
import type { Role } from "~/schemas/choices";

export type NavItem = {
  to: string;
  label: string;
  roles: readonly Role[];
  icon: string;
  children?: NavItem[];
};

const everyone: readonly Role[] = ["admin", "user", "premium_user"];
const adminOnly: readonly Role[] = ["admin"];
const customers: readonly Role[] = ["user", "premium_user"];
const n = messages.nav;

/** The sidebar of the spec, in its order; the server checks the same roles on every route. */
export const NAVIGATION: NavItem[] = [
  { to: "/home", label: n.home, roles: everyone, icon: "🏠" },
  { to: "/search", label: n.search, roles: everyone, icon: "🔎" },
  { to: "/usage", label: n.usage, roles: everyone, icon: "📊" },
  { to: "/parts", label: n.parts, roles: adminOnly, icon: "🔩" },
  { to: "/admin", label: n.admin, roles: adminOnly, icon: "🛠️" },
  { to: "/admin/import", label: n.import, roles: adminOnly, icon: "⬇️" },
  { to: "/admin/data-quality", label: messages.dataQuality.title, roles: adminOnly, icon: "🩺" },
  { to: "/admin/synonyms", label: messages.synonyms.title, roles: adminOnly, icon: "🔤" },
  { to: "/categories", label: n.categories, roles: adminOnly, icon: "🗂️" },
  {
    to: "/vehicles",
    label: n.vehicles,
    roles: adminOnly,
    icon: "🚗",
    children: [
      { to: "/vehicles", label: n.vehiclesList, roles: adminOnly, icon: "📋" },
      { to: "/vehicles/brands", label: n.brands, roles: adminOnly, icon: "🏷️" },
    ],
  },
  { to: "/customers", label: n.customers, roles: adminOnly, icon: "👥" },
  { to: "/plans", label: n.plans, roles: adminOnly, icon: "💳" },
  { to: "/admin-invoices", label: n.adminInvoices, roles: adminOnly, icon: "🧾" },
  { to: "/invoices", label: n.invoices, roles: customers, icon: "🧾" },
  { to: "/settings", label: n.settings, roles: everyone, icon: "⚙️" },
];

export function navigationFor(role: Role): NavItem[] {
  return NAVIGATION.filter((item) => item.roles.includes(role)).map((item) => ({
    ...item,
    children: item.children?.filter((child) => child.roles.includes(role)),
  }));
}
