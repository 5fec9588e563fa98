/** Starting the app: the environment's checks, the start-up log and the secrets' key. */

import { countOf } from "./locale/plural";

export const startup = {
  // One line per variable the environment gets wrong (app/utils/env.server.ts)
  notANumber: (name: string) => `${name} deve ser um número`,
  notAnInteger: (name: string) => `${name} deve ser um número inteiro`,
  atLeast: (name: string, min: number) => `${name} deve ser pelo menos ${min}`,
  atMost: (name: string, max: number) => `${name} deve ser no máximo ${max}`,
  notNegative: (name: string) => `${name} não pode ser negativo`,
  notAUrl: (name: string) => `${name} deve ser uma URL`,
  notAnEmail: (name: string) => `${name} deve ser um e-mail válido`,
  tooShort: (name: string, min: number) => `${name} deve ter pelo menos ${min} caracteres`,
  redisUrl: "REDIS_URL deve começar com redis:// ou rediss://",
  secretsKeyHex: "PAYMENT_SECRETS_KEY deve ter 64 dígitos hexadecimais",
  invalid: (lines: string[]) => `Configuração inválida:\n${lines.join("\n")}`,

  // What production refuses
  unsafe: (problems: string[]) =>
    `Configuração insegura para produção:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  sessionSecretRequired: "SESSION_SECRET é obrigatório em produção (32 caracteres ou mais)",
  defaultAdminPassword: "ADMIN_PASSWORD não pode ser a senha padrão em produção",
  insecureCookies: "COOKIE_SECURE=false não é permitido em produção",
  simulatorInProduction: (name: string) =>
    `${name} aponta para um simulador; em produção use a API real ou PAYMENT_SIMULATORS=true`,

  // The start-up log
  databaseCreated: (path: string) => `Banco criado em ${path} com dados iniciais.`,
  importsResumed: (n: number) =>
    `${countOf(n, { one: "importação interrompida retomada", other: "importações interrompidas retomadas" })}.`,

  // The key that seals gateway secrets
  secretsKeyLength: "A chave de criptografia deve ter 32 bytes (64 hexadecimais)",
  unknownSecretFormat: "Segredo em formato desconhecido",
} as const;
