import { useEffect, useState } from "react";
import * as messages from "~/messages";

export type ToastData = { type: "success" | "info" | "warning" | "error"; message: string };

const styles: Record<ToastData["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

/** One notice at a time, as the spec's queue shows; it fades after a while when JS runs. */
export function Toast({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  return (
    <div
      role={visible.type === "error" ? "alert" : "status"}
      className={`fixed inset-x-4 top-4 z-50 mx-auto max-w-md rounded-lg border px-4 py-3 text-sm shadow-lg ${styles[visible.type]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <p>{visible.message}</p>
        <button
          type="button"
          className="font-semibold"
          onClick={() => setVisible(null)}
          aria-label={messages.planDialog.close}
        >
          ×
        </button>
      </div>
    </div>
  );
}
