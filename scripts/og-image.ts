// `npx tsx scripts/og-image.ts`: draws the default share image (public/og-image.png, 1200×630,
// what link previews and `twitter:card` summary_large_image show when the admin sets no image of
// their own) and the square logo the structured data names (public/logo.png, 512×512), from SVG
// with sharp (ADR 0058). Run once when the brand or its words change; both PNGs are committed, so
// the server never draws them.
import path from "node:path";
import sharp from "sharp";
import * as messages from "../app/messages";
import { OG_IMAGE, SITE_LOGO } from "../app/utils/seo-meta";

const m = messages.seoPages.ogImage;
const PUBLIC = path.resolve(import.meta.dirname, "..", "public");
const BRAND = "#155bb5";
const BRAND_DARK = "#0b3a78";
const FONT = "Liberation Sans, DejaVu Sans, Arial, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The brand mark of app/components/logo-mark.tsx (two pieces that fit), on a 24-unit grid. */
const MARK = `
  <path d="M5 6h6v4h4v4h-4v4H5z" fill="#fff"/>
  <path d="M13 6h6v12h-6v-3h2.5V9H13z" fill="#fff" fill-opacity="0.7"/>`;

function ogSvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND}"/>
      <stop offset="1" stop-color="${BRAND_DARK}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g transform="translate(950 40) scale(10)" opacity="0.12">${MARK}</g>
  <g transform="translate(88 96)">
    <rect width="120" height="120" rx="30" fill="#ffffff" fill-opacity="0.14"/>
    <g transform="scale(5)">${MARK}</g>
  </g>
  <text x="88" y="340" font-family="${FONT}" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(m.title)}</text>
  <text x="88" y="420" font-family="${FONT}" font-size="50" font-weight="700" fill="#ffffff">${escapeXml(m.tagline)}</text>
  <text x="88" y="490" font-family="${FONT}" font-size="32" fill="#dbe7f7">${escapeXml(m.line)}</text>
  <rect x="88" y="540" width="160" height="8" rx="4" fill="#ffffff" fill-opacity="0.8"/>
</svg>`;
}

function logoSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">
  <rect width="24" height="24" rx="6" fill="${BRAND}"/>${MARK}
</svg>`;
}

async function draw(svg: string, file: string) {
  const target = path.join(PUBLIC, file);
  const info = await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(target);
  console.log(`${target}: ${info.width}×${info.height}, ${info.size} bytes`);
}

await draw(ogSvg(OG_IMAGE.width, OG_IMAGE.height), OG_IMAGE.path.slice(1));
await draw(logoSvg(SITE_LOGO.size), SITE_LOGO.path.slice(1));
