/** The sitemap protocol's XML (sitemaps.org 0.9) for a list of absolute addresses. */

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** A W3C datetime as the protocol asks: the UTC date, e.g. 2025-01-15. */
export function w3cDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function sitemapXml(entries: ReadonlyArray<{ loc: string; lastmod: Date }>): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n    <lastmod>${w3cDate(entry.lastmod)}</lastmod>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
