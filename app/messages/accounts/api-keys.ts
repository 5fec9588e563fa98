/** API keys (ADR 0049): the API tab of /settings, its revoke dialog, and the /api/keys answers. */

import { countOf } from "../locale/plural";

export const apiKeys = {
  tab: "API",
  title: "Chaves de API",
  intro:
    "Use uma chave para integrar o Encaixa ao seu sistema (ERP, loja, robô de WhatsApp): envie-a no cabeçalho Authorization: Bearer enc_live_… das chamadas a /api. Ela age como você e consome os seus créditos.",
  docsLink: "Referência da API",
  docsLine: "Endpoints, parâmetros e exemplos:",
  paidOnly:
    "A API faz parte dos planos pagos. Assine um plano para criar chaves e integrar o Encaixa ao seu sistema.",
  seePlans: "Ver planos",
  nameLabel: "Nome da chave",
  nameHint: "Para você saber onde ela é usada, por exemplo “Loja virtual”.",
  create: "Criar chave",
  creating: "Criando…",
  createdTitle: "Sua nova chave",
  createdWarning:
    "Copie a chave agora: ela não será mostrada de novo. Se perdê-la, revogue-a e crie outra.",
  copy: "Copiar chave",
  copied: "Chave copiada",
  listTitle: "Suas chaves",
  empty: "Você ainda não criou nenhuma chave.",
  columns: {
    name: "Nome",
    prefix: "Chave",
    createdAt: "Criada em",
    lastUsedAt: "Último uso",
    status: "Situação",
  },
  neverUsed: "Nunca usada",
  active: "Ativa",
  revokedOn: (date: string) => `Revogada em ${date}`,
  revoke: "Revogar",
  revokeTitle: "Revogar chave de API",
  revokeText: (name: string, prefix: string) =>
    `A chave “${name}” (${prefix}…) deixará de funcionar na hora, em todas as integrações que a usam. Não há como desfazer.`,
  keep: "Manter chave",
  revokeSubmit: "Revogar chave",
  revoked: (name: string) => `Chave “${name}” revogada.`,
  created: (name: string) =>
    `Chave “${name}” criada. Copie-a agora: ela não será mostrada de novo.`,
  listed: "Suas chaves de API",
  nameRequired: "Dê um nome à chave.",
  nameTooLong: (max: number) => `O nome da chave pode ter até ${max} caracteres.`,
  paidPlanRequired:
    "Chaves de API fazem parte dos planos pagos: assine um plano para criar uma chave.",
  tooMany: (max: number) =>
    `Você já tem ${countOf(max, { one: "chave ativa", other: "chaves ativas" })}, o máximo. Revogue uma antes de criar outra.`,
  notFound: "Chave de API não encontrada.",
  alreadyRevoked: "Esta chave já foi revogada.",
  sessionRequired:
    "Chaves de API não gerenciam chaves: crie e revogue chaves entrando com e-mail e senha (ou pela tela Configurações → API).",
  logoutWithKey: "Nada a encerrar: uma chave de API vale até ser revogada (Configurações → API).",
} as const;
