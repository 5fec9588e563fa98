import { useNavigation } from "@remix-run/react";
import * as messages from "~/messages";

/**
 * A thin bar at the top of the page while the next one is on its way. CSS keeps it invisible for
 * its first 400 ms, so a quick page never flashes it; a slow one (a report over the whole
 * catalogue takes seconds) shows that something is happening. Without JavaScript the browser's
 * own indicator does this.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label={messages.app.loading} className="navigation-progress" />
  );
}
