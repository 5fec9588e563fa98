/**
 * How pt-BR writes a number, for the texts that carry one ("1.234 peças", "1,5 MB"). It sits with
 * the catalogue, on the bottom floor, so a text imports nothing above it; `~/utils/format` hands
 * the same functions to the rest of the app.
 */

export const LOCALE = "pt-BR";

const integer = new Intl.NumberFormat(LOCALE);

export function formatInteger(value: number): string {
  return integer.format(value);
}

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;
// No thousands separator: a size stays under 1024 of its unit ("1023,9 KB", not "1.023,9 KB").
const wholeBytes = new Intl.NumberFormat(LOCALE, { useGrouping: false });
const fractionBytes = new Intl.NumberFormat(LOCALE, {
  useGrouping: false,
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
/** 1536 → "1,5 KB": powers of 1024, one decimal from KB up. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${(unit === 0 ? wholeBytes : fractionBytes).format(value)} ${UNITS[unit]}`;
}
