/**
 * pt-BR plurals, for every text that carries a count ("1 busca", "200 buscas"): the form comes from
 * `Intl.PluralRules`, never from a "(s)". Each form is the whole phrase that agrees with the number
 * ("busca restante hoje" / "buscas restantes hoje"), so adjectives follow their noun.
 */
import { formatInteger, LOCALE } from "./numbers";

/** The forms of one phrase: `one` for 1, `other` for the rest; `many` where pt-BR says "1 milhão de buscas". */
export type PluralForms = { one: string; other: string; many?: string };

/** `new Intl.PluralRules("pt-BR")`, built once per process (the locale of `numbers.ts`). */
const rules = new Intl.PluralRules(LOCALE);

/**
 * The form of `forms` that agrees with `n`. CLDR puts 0 with "one" in Portuguese (for 0,5 quilo),
 * but a whole zero is plural in pt-BR ("0 buscas"), so 0 takes `other`.
 */
export function plural(n: number, forms: PluralForms): string {
  if (n === 0) return forms.other;
  const category = rules.select(n);
  if (category === "one") return forms.one;
  if (category === "many") return forms.many ?? forms.other;
  return forms.other;
}

/** The count written as pt-BR writes it, then the phrase that agrees with it: "1.500 buscas por dia". */
export function countOf(n: number, forms: PluralForms): string {
  return `${formatInteger(n)} ${plural(n, forms)}`;
}
