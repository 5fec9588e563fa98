/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two check digits of the first nine
 * (docs: /work/shared/reference/payments.md, CPF section).
 */

/** What a CPF box takes: the eleven digits with their mask and a few stray spaces. */
export const CPF_INPUT_MAX = 20;

/** Only the digits: "123.456.789-09" → "12345678909". */
export function cpfDigits(input: string): string {
  return input.replace(/\D/g, "");
}

function checkDigit(digits: string): number {
  const firstWeight = digits.length + 1;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (firstWeight - i);
  const rest = 11 - (sum % 11);
  return rest >= 10 ? 0 : rest;
}

/** The two check digits of a CPF's first nine digits: "123456789" → "09". */
export function cpfCheckDigits(firstNine: string): string {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError("a CPF base has exactly 9 digits");
  const first = checkDigit(firstNine);
  const second = checkDigit(`${firstNine}${first}`);
  return `${first}${second}`;
}

/**
 * Whether the input is a CPF, bare ("12345678909") or masked ("123.456.789-09"): besides the
 * digits only the mask's dots, hyphen and spaces are allowed, so "abc12345678909" is refused.
 * Eleven equal digits pass the check-digit rule but are not CPFs.
 */
export function isValidCpf(input: string): boolean {
  if (!/^[\d.\-\s]*$/.test(input)) return false;
  const digits = cpfDigits(input);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** The CPF with its mask: "12345678909" → "123.456.789-09" (anything else as given). */
export function formatCpf(input: string): string {
  const d = cpfDigits(input);
  if (d.length !== 11) return input;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
