/** Database backups (the dashboard's Sistema tab, the backup job, npm run db:restore). */

import { formatBytes } from "../locale/numbers";
import { countOf } from "../locale/plural";

export const backups = {
  backupNow: "Fazer backup agora",

  // The action and its toasts
  created: (fileName: string, bytes: number) =>
    `Backup criado: ${fileName} (${formatBytes(bytes)}).`,
  alreadyRunning: "Já existe um backup em andamento; aguarde alguns instantes e confira a lista.",
  failed:
    "Não foi possível fazer o backup. Confira o espaço livre em disco e as permissões da pasta de backups; os detalhes estão no log do servidor.",
  copyCorrupted: (detail: string) => `A cópia do banco não passou na verificação: ${detail}`,

  // The scheduled job's log
  jobCreated: (fileName: string, bytes: number, deleted: number) =>
    `Backup ${fileName} criado (${formatBytes(bytes)}); ${countOf(deleted, { one: "backup antigo removido", other: "backups antigos removidos" })}.`,
  jobSkipped: "Outro backup já estava em andamento; este horário fica com ele.",

  // npm run db:restore FILE
  restoreUsage:
    "Uso: npm run db:restore ARQUIVO — restaura o banco a partir de um backup (pare o servidor antes).",
  restoreMissing: (file: string) => `Arquivo não encontrado: ${file}`,
  restoreNotSqlite: (file: string) => `${file} não é um banco de dados SQLite.`,
  restoreCorrupted: (file: string, detail: string) =>
    `${file} não passou na verificação de integridade: ${detail}`,
  restoreForeign: (file: string, missing: string[]) =>
    `${file} não é um backup do Encaixa: faltam as tabelas ${missing.join(", ")}.`,
  restoreSameFile: "O arquivo indicado é o próprio banco em uso; escolha um backup.",
  restoreServerRunning:
    "O banco está aberto por outro processo (o servidor ou um worker?). Pare-os e rode o comando de novo.",
  restoreDone: (file: string, target: string) => `Banco restaurado de ${file} para ${target}.`,
  restoreSafetyCopy: (file: string) => `Cópia de segurança do banco anterior: ${file}`,
  restoreNoSafetyCopy: "Não havia banco anterior; nenhuma cópia de segurança foi feita.",
  restoreFailed: "A restauração falhou:",

  // The server log
  logCopyFailed: "Backup: falha ao copiar o banco:",
} as const;
