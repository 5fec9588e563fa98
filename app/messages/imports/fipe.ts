/** The FIPE import. */

import { catalogueImport } from "./catalogue-import";
import { countOf } from "../locale/plural";

const BRANDS = { one: "marca", other: "marcas" };
const NEW_RECORDS = { one: "registro novo", other: "registros novos" };

export const fipe = {
  title: "Importar FIPE",
  subtitle: "Traga marcas, modelos e anos da tabela FIPE para o cadastro de veículos.",
  typeLabel: "Tipo de veículo",
  types: { carros: "Carros", motos: "Motos", caminhoes: "Caminhões" },
  brandLabel: "Marca",
  allBrands: "Todas",
  maxBrandsLabel: "Máximo de marcas",
  maxBrandsHint: "Opcional: limita quantas marcas entram nesta importação (em ordem alfabética).",
  start: "Iniciar importação",
  starting: "Iniciando...",
  howItWorks:
    "A importação roda em segundo plano: você acompanha o progresso na próxima página. Veículos que já vieram da FIPE (mesmo código FIPE e ano) não são duplicados.",
  brandsFailed: "Não foi possível obter marcas da FIPE",
  invalidType: "Tipo de veículo inválido: use carros, motos ou caminhoes",
  invalidBrand: "Código de marca inválido",
  invalidMaxBrands: (max: number) => `Máximo de marcas deve ser um número inteiro entre 1 e ${max}`,
  startFailed: "Erro ao iniciar importação",
  started: "Importação FIPE iniciada",
  alreadyRunning: "Já existe uma importação FIPE em andamento: acompanhe-a aqui.",
  importFailed: "Erro ao importar FIPE",
  failed: (reason: string) => `Erro ao importar FIPE: ${reason}`,
  brandNotFound: (code: string) => `marca ${code} não encontrada na FIPE`,
  rateLimited: "a FIPE limitou as requisições; tente de novo mais tarde",
  tooManyErrors: "erros demais seguidos ao ler a FIPE",
  noFipeCode: "a FIPE não informou o código FIPE do modelo",
  interrupted: "a importação foi interrompida antes de terminar",
  startedLog: (type: string, scope: string) => `Importação FIPE iniciada: ${type}, ${scope}.`,
  scopeAll: "todas as marcas",
  scopeBrand: (name: string) => `marca ${name}`,
  scopeMax: (n: number) => `até ${countOf(n, BRANDS)}`,
  brandsFound: (n: number) => `${countOf(n, BRANDS)} a importar.`,
  resumed: (done: number) => `Retomando a partir da marca ${done + 1}.`,
  brandDone: (name: string, created: number, skipped: number) =>
    `Marca ${name}: ${countOf(created, NEW_RECORDS)}, ${countOf(skipped, { one: "já existente", other: "já existentes" })}.`,
  brandFailed: (name: string, reason: string) => `Erro na marca ${name}: ${reason}`,
  modelFailed: (name: string, reason: string) => `Erro no modelo ${name}: ${reason}`,
  progress: (done: number, total: number, created: number) =>
    `Progresso: ${done} de ${total} marcas processadas, ${countOf(created, NEW_RECORDS)}.`,
  completed: (brands: number, records: number) =>
    `Importação FIPE concluída. Marcas: ${brands}. Registros: ${records}.`,
  startedActivity: (type: string) => `Iniciou importação FIPE (${type})`,
  completedActivity: (type: string, brands: number, created: number) =>
    `Importação FIPE concluída (${type}): ${countOf(brands, BRANDS)}, ${countOf(created, { one: "veículo novo", other: "veículos novos" })}`,
  failedActivity: (type: string) => `Importação FIPE com erro (${type})`,
  progressTitle: "Importação FIPE",
  progressSubtitle: (type: string, scope: string) => `${type} — ${scope}`,
  status: catalogueImport.status,
  statusLabel: "Situação",
  brandsDone: "Marcas processadas",
  yearsDone: "Anos/modelos lidos",
  created: "Registros novos",
  skipped: "Já existentes",
  errors: "Erros",
  startedAt: "Início",
  completedAt: "Fim",
  lastActivity: "Última atividade",
  of: (done: number, total: number) => `${done} de ${total}`,
  logTitle: "Registro da importação",
  noLogs: "Nenhuma mensagem ainda.",
  checkNow: "Verificar agora",
  autoRefresh: "Esta página se atualiza sozinha a cada 2 segundos enquanto a importação roda.",
  seeVehicles: "Ver veículos importados",
  newImport: "Nova importação",
  importNotFound: "Importação não encontrada",
  backToVehicles: "Voltar aos veículos",

  // The server log
  logBrandsFailed: "FIPE: falha ao listar marcas:",
  logStartFailed: "FIPE: falha ao iniciar a importação:",
} as const;
