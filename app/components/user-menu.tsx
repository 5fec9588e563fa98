import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { initials } from "~/utils/format";
import * as messages from "~/messages";

export type MenuUser = { name: string; email: string; role: "admin" | "user" | "premium_user" };

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="rounded-lg px-3 py-2 hover:bg-slate-100" to={to}>
      {children}
    </Link>
  );
}

/** A <details> menu: it opens and closes without JavaScript; Sair is a POST. */
export function UserMenu({ user, align = "right" }: { user: MenuUser; align?: "right" | "left" }) {
  const n = messages.nav;
  const shown = initials(user.name);
  return (
    <details className="group relative">
      {/* The name holds the initials it shows, as voice control users say them (WCAG 2.5.3). */}
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={`${n.userMenu} (${shown})`}
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
          {shown}
        </span>
      </summary>
      <div
        className={`absolute z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
      >
        <div className="border-b border-slate-100 px-3 py-2">
          <p className="font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          {user.role === "admin" && (
            <span className="mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {messages.roles.admin}
            </span>
          )}
        </div>
        <nav className="flex flex-col py-1 text-sm">
          <MenuLink to="/profile">{n.profile}</MenuLink>
          <MenuLink to="/settings">{n.settings}</MenuLink>
          {user.role !== "admin" && (
            <MenuLink to="/settings?tab=planos">{n.manageSubscription}</MenuLink>
          )}
        </nav>
        <Form method="post" action="/logout" className="border-t border-slate-100 pt-1">
          <button
            type="submit"
            className="w-full rounded-lg px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50"
          >
            {n.logout}
          </button>
        </Form>
      </div>
    </details>
  );
}
