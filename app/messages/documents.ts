/**
 * Brazilian documents, refused alike wherever a form takes one (company, bank details). Its own
 * file, not common: the sign-in pages load common and need none of this (JS budget).
 */
export const documents = {
  cnpjInvalid: "CNPJ inválido: confira os dígitos verificadores",
} as const;
