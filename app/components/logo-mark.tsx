const MARK_CLASS = {
  regular:
    "flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white",
  large: "flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 font-bold text-white",
} as const;

/** The site's logo initials in the brand square: regular in the headers, large on the sign-in pages. */
export function LogoMark({
  initials,
  size = "regular",
}: {
  initials: string;
  size?: keyof typeof MARK_CLASS;
}) {
  return <span className={MARK_CLASS[size]}>{initials}</span>;
}
