import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Navigation, NavItem } from "./navigation";
import * as messages from "~/messages";
import { PlanCard, type PlanCardData } from "./plan-card";
import { UserMenu, type MenuUser } from "./user-menu";
import { NavigationProgress } from "./navigation-progress";
import { LogoMark } from "./logo-mark";

type ShellProps = {
  user: MenuUser;
  navigation: Navigation;
  plan: PlanCardData;
  siteName: string;
  children: ReactNode;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;

/**
 * An icon of the sprite, decorative (its link or button has the name). The shell is on every page, so
 * it draws from the URL its loader sent rather than loading <Icon>'s module (ADR 0059: /search).
 */
function ShellIcon({ href, className = "size-5" }: { href: string; className?: string }) {
  return (
    <svg className={`shrink-0 ${className}`} aria-hidden="true">
      <use href={href} />
    </svg>
  );
}

function NavigationList({ items, sprite }: { items: NavItem[]; sprite: string }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to + item.label}>
          <NavLink
            to={item.to}
            end={item.to === "/admin" || Boolean(item.children?.length)}
            className={linkClass}
          >
            <ShellIcon href={`${sprite}#${item.icon}`} />
            {item.label}
          </NavLink>
          {item.children && item.children.length > 0 && (
            <ul className="ml-7 mt-1 space-y-1 border-l border-slate-200 pl-2">
              {item.children.map((child) => (
                <li key={child.to + child.label}>
                  <NavLink to={child.to} end className={linkClass}>
                    {child.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function AppShell({ user, navigation, plan, siteName, children }: ShellProps) {
  const n = messages.nav;
  // A client-side navigation keeps a <details> open: a new one per page closes the phone menu.
  const { key: pageKey } = useLocation();
  const sidebar = (
    <>
      <nav aria-label={n.mainNavigation}>
        <NavigationList items={navigation.items} sprite={navigation.iconSprite} />
      </nav>
      <div className="mt-6">
        <PlanCard plan={plan} />
      </div>
    </>
  );
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      <NavigationProgress />
      <aside className="hidden border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col overflow-y-auto p-4">
          <Link to="/home" className="mb-6 flex items-center gap-2 px-2">
            <LogoMark />
            <span className="text-lg font-bold">{siteName}</span>
          </Link>
          {sidebar}
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
          <details key={pageKey} className="relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-lg p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label={n.openMenu}
            >
              <ShellIcon href={`${navigation.iconSprite}#menu`} className="size-6" />
            </summary>
            <div className="absolute left-0 z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
              {sidebar}
            </div>
          </details>
          <Form
            method="get"
            action="/search"
            role="search"
            className="flex min-w-0 flex-1 items-center gap-2"
          >
            <label htmlFor="header-search" className="sr-only">
              {n.headerSearchLabel}
            </label>
            <input
              id="header-search"
              name="q"
              type="search"
              placeholder={n.headerSearchPlaceholder}
              className="input max-w-md"
              autoComplete="off"
            />
            <input type="hidden" name="from" value="header" />
            <button type="submit" className="btn-secondary hidden sm:inline-flex">
              {n.searchButton}
            </button>
          </Form>
          {user.role === "admin" ? (
            <Link to="/admin/import" className="btn-ghost hidden sm:inline-flex">
              {n.importShortcut}
            </Link>
          ) : (
            <span
              className="hidden rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 sm:inline-block"
              data-testid="credits-chip"
            >
              {messages.credits.leftToday(plan.remainingSearches)}
            </span>
          )}
          <UserMenu user={user} />
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
