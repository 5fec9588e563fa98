import { useEffect, useState, type MouseEvent } from "react";
import * as messages from "~/messages";

export type ToastData = { type: "success" | "info" | "warning" | "error"; message: string };

const styles: Record<ToastData["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

/**
 * One notice at a time, as the spec's queue shows, at the bottom of the screen so it never covers
 * the header (menu, search) on a phone. It works without JavaScript: it is an open `<details>`
 * whose `<summary>` is the ×, and a closed one is hidden by CSS. When JS runs, the × and a timer
 * hide it through state instead.
 */
export function Toast({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const dismiss = (event: MouseEvent) => {
    event.preventDefault();
    setVisible(null);
  };
  return (
    <div
      role={visible.type === "error" ? "alert" : "status"}
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md"
      data-testid="toast"
    >
      <details
        open
        className={`relative rounded-lg border py-3 pl-4 pr-12 text-sm shadow-lg [&:not([open])]:hidden ${styles[visible.type]}`}
      >
        <summary
          className="absolute right-1 top-1 flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-md text-lg font-semibold hover:bg-black/5 [&::-webkit-details-marker]:hidden"
          aria-label={messages.app.dismissNotice}
          onClick={dismiss}
        >
          <span aria-hidden="true">×</span>
        </summary>
        <p>{visible.message}</p>
      </details>
    </div>
  );
}
