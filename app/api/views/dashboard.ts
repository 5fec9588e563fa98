import type { FeedItem, TopSearch } from "~/models/dashboard.server";

/** One row of "Buscas Populares" (/api/dashboard/top-searches). */
export function topSearchView(item: TopSearch) {
  return {
    part_id: item.partId,
    part_code: item.partCode,
    query: item.query,
    part_name: item.partName,
    category: item.category,
    searches: item.searches,
  };
}

/** One line of "Atividade Recente" (/api/dashboard/activity). */
export function feedItemView(item: FeedItem) {
  return { type: item.type, time: item.time.toISOString(), user: item.user, action: item.action };
}
