/**
 * The brand mark (ADR 0057): two pieces that fit into each other — "encaixa" — on the brand
 * square, drawn inline (no request, about a hundred bytes on the sign-in pages' budget).
 * Decorative: the link around it carries the site's name as text. Regular in the headers, large
 * on the sign-in pages.
 */
export function LogoMark({ size = "regular" }: { size?: "regular" | "large" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={`${size === "large" ? "size-10" : "size-9"} shrink-0 text-brand-600`}
    >
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path d="M5 6h6v4h4v4h-4v4H5zm8 0h6v12h-6v-3h2.5V9H13z" fill="#fff" />
    </svg>
  );
}
