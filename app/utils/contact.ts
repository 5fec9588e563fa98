/**
 * Brazilian contact details: a CEP, and phone numbers (the company's WhatsApp): a two-digit area code (DDD, 11–99, no zero)
 * and the number: 9 digits starting with 9 for a mobile, 8 digits starting with 2–9 for a line
 * (WhatsApp Business runs on both). The country code 55 may lead; it is not kept.
 */

/** Only the mask's characters besides the digits: "+55 (11) 98765-4321", "11 3456.7890". */
const PHONE_CHARACTERS = /^[\d\s()+\-.]*$/;

/** The national digits: "+55 (11) 98765-4321" → "11987654321" (a leading 55 dropped). */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
}

/** Whether the input is a Brazilian phone number with its area code, bare or masked. */
export function isBrazilianPhone(input: string): boolean {
  if (!PHONE_CHARACTERS.test(input)) return false;
  const digits = phoneDigits(input);
  return /^[1-9][1-9](9\d{8}|[2-9]\d{7})$/.test(digits);
}

/** The number as it is written: "11987654321" → "(11) 98765-4321", "1134567890" → "(11) 3456-7890". */
export function formatPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return input;
}

/** Only the mask's characters besides the digits: "01310-100", "01.310-100". */
const CEP_CHARACTERS = /^[\d\s.-]*$/;

/** Whether the input is a CEP: eight digits, bare or masked. */
export function isCep(input: string): boolean {
  return CEP_CHARACTERS.test(input) && input.replace(/\D/g, "").length === 8;
}

/** The CEP as it is written: "01310100" → "01310-100" (anything else as given). */
export function formatCep(input: string): string {
  const d = input.replace(/\D/g, "");
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : input;
}
