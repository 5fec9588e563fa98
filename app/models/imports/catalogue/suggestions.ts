/**
 * The spec's performance hints for an import, from its figures: which apply, in the spec's order.
 * Pure, so the page and its tests read the same rules.
 */

export type ImportSuggestion = "slow" | "excellent" | "manyExisting" | "highError" | "optimize";

/** Below this many processed items the card is not shown at all. */
export const SUGGESTIONS_AFTER_ITEMS = 50;

export function importSuggestions(figures: {
  running: boolean;
  processedItems: number;
  itemsPerMinute: number;
  skipped: number;
  errorCount: number;
}): ImportSuggestion[] {
  const { running, processedItems, itemsPerMinute, skipped, errorCount } = figures;
  const found: ImportSuggestion[] = [];
  if (itemsPerMinute < 100) found.push("slow");
  if (itemsPerMinute > 300) found.push("excellent");
  if (processedItems > 0 && skipped > processedItems * 0.8) found.push("manyExisting");
  if (processedItems > 0 && errorCount > processedItems * 0.05) found.push("highError");
  if (running && processedItems > 1000 && itemsPerMinute < 200) found.push("optimize");
  return found;
}

/** The spec's "Xh Ym restantes" / "Ym restantes", in whole hours and minutes. */
export function remainingTime(
  totalItems: number,
  processedItems: number,
  itemsPerMinute: number,
): { hours: number; minutes: number } | null {
  const left = totalItems - processedItems;
  if (left <= 0 || itemsPerMinute <= 0) return null;
  const minutes = Math.ceil(left / itemsPerMinute);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
