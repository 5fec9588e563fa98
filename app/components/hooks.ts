import { useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { useEffect, useState } from "react";

/** False during the server render and the first client render; true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** True while this page's form is being submitted (by a POST to `action`, or any when omitted). */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" && (action === undefined || navigation.formAction === action)
  );
}

/** The public SEO settings the root loader already read for this request: no second query. */
export function useSeo() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useSeo must run under the root route");
  return data.seo;
}

/**
 * With JavaScript, reads the page's data again every `ms` while `active` and the tab is visible
 * (one reading at a time); without it, pages offer a button that posts the same check.
 */
export function usePolling(active: boolean, ms: number) {
  const revalidator = useRevalidator();
  const idle = revalidator.state === "idle";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") revalidate();
    }, ms);
    const onVisible = () => {
      if (document.visibilityState === "visible") revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [active, idle, ms, revalidate]);
}
