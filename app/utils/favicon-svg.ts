import { escapeXml } from "./sitemap-xml";

/** The most letters the 32 px square holds legibly (the SEO form's own limit). */
const MAX_LETTERS = 3;
/** Font size by letter count, so one to three letters fill the square alike. */
const FONT_SIZE = [18, 18, 13, 10] as const;

/**
 * The default tab icon: the SEO settings' logo initials in white on the brand's blue square.
 * Letters are counted as the eye counts them (code points), and escaped, so a saved "A&B" or
 * "<x>" is drawn, never read as markup.
 */
export function faviconSvg(initials: string): string {
  const letters = [...initials.trim()].slice(0, MAX_LETTERS);
  const size = FONT_SIZE[letters.length] ?? FONT_SIZE[MAX_LETTERS];
  // The baseline that centres capitals (cap height ≈ 0.72 em) in the square.
  const baseline = Math.round((16 + size * 0.36) * 10) / 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="7" fill="#155bb5"/>` +
    `<text x="16" y="${baseline}" font-family="Arial,sans-serif" font-size="${size}" ` +
    `font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(letters.join(""))}</text>` +
    `</svg>`
  );
}
