/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica): 14 characters, the last two check digits of the
 * first twelve (modulo 11, weights 2–9 from the right). Since July 2026 the Receita Federal also
 * issues alphanumeric CNPJs (IN RFB 2.229/2024): the first twelve may be letters A–Z, each worth
 * its ASCII code minus 48 in the same sum, so "12.ABC.345/01DE-35" is valid; the check digits
 * stay digits. Numeric CNPJs are the same rule with every character a digit.
 */

/** The CNPJ's characters without the mask, letters in upper case: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function cnpjCharacters(input: string): string {
  return input.replace(/[.\-/\s]/g, "").toUpperCase();
}

const valueOf = (character: string) => character.charCodeAt(0) - 48;

function checkDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const weight = (i % 8) + 2;
    sum += valueOf(base[base.length - 1 - i]!) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The two check digits of a CNPJ's first twelve characters: "112223330001" → "81".
 * @internal
 */
export function cnpjCheckDigits(firstTwelve: string): string {
  if (!/^[0-9A-Z]{12}$/.test(firstTwelve))
    throw new RangeError("a CNPJ base has exactly 12 digits or capital letters");
  const first = checkDigit(firstTwelve);
  const second = checkDigit(`${firstTwelve}${first}`);
  return `${first}${second}`;
}

/**
 * Whether the input is a CNPJ, bare ("11222333000181") or masked ("11.222.333/0001-81"): besides
 * its characters only the mask's dots, slash, hyphen and spaces are allowed. Fourteen equal
 * digits pass the check-digit rule but are not CNPJs.
 */
export function isValidCnpj(input: string): boolean {
  if (!/^[0-9A-Za-z.\-/\s]*$/.test(input)) return false;
  const characters = cnpjCharacters(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(characters) || /^(\d)\1{13}$/.test(characters)) return false;
  return cnpjCheckDigits(characters.slice(0, 12)) === characters.slice(12);
}

/** The CNPJ with its mask: "11222333000181" → "11.222.333/0001-81" (anything else as given). */
export function formatCnpj(input: string): string {
  const c = cnpjCharacters(input);
  if (c.length !== 14) return input;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}
