import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Icon } from "./icon";
import * as messages from "~/messages";

/**
 * A dialog that is a route: without JavaScript it is a page-sized overlay with a close link; with
 * it, Escape closes it and focus moves into it.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, closeTo]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4">
      <Link
        to={closeTo}
        preventScrollReset
        className="absolute inset-0"
        aria-hidden="true"
        tabIndex={-1}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="route-dialog-title"
        tabIndex={-1}
        className="relative max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-lg sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id="route-dialog-title" className="text-xl font-bold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            className="btn-ghost -mr-2 -mt-2"
            aria-label={messages.planDialog.close}
          >
            <Icon name="x" />
          </Link>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
