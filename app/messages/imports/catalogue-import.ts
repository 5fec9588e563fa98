/** The catalogue import (/admin/import): the API source, CSV files and every control. */

import { countOf } from "../locale/plural";

const number = (n: number) => n.toLocaleString("pt-BR");
const PARTS = { one: "peça", other: "peças" };
const VEHICLES = { one: "veículo", other: "veículos" };
const FITMENTS = { one: "compatibilidade", other: "compatibilidades" };
const ITEMS = { one: "item", other: "itens" };
const ROWS = { one: "linha", other: "linhas" };
/** "novos: 1 peça, 2 veículos, 0 compatibilidades". */
const created = (parts: number, vehicles: number, fitments: number) =>
  `${countOf(parts, PARTS)}, ${countOf(vehicles, VEHICLES)}, ${countOf(fitments, FITMENTS)}`;

export const catalogueImport = {
  title: "Importação de Dados da API",
  subtitle: "Traga peças, veículos e compatibilidades da fonte de catálogo ou de um arquivo CSV.",
  settingsButton: "Configurações",
  start: "Iniciar Importação",
  pause: "Pausar",
  resume: "Retomar",
  cancel: "Cancelar",
  restart: "Reiniciar",
  clearAll: "Limpar Tudo",
  working: "Aguarde...",
  status: {
    idle: "Na fila",
    running: "Em andamento",
    paused: "Pausada",
    completed: "Concluída",
    error: "Erro",
    cancelled: "Cancelada",
    interrupted: "Interrompida",
  },
  noStatus: "Nenhuma importação ainda",
  // Settings panel
  settingsTitle: "Configurações da importação",
  concurrentPagesLabel: "Páginas em paralelo",
  concurrentPagesHint: "De 1 a 20 páginas buscadas ao mesmo tempo.",
  itemsPerBatchLabel: "Itens por lote",
  itemsPerBatchHint: "De 1 a 100 itens por página, gravados juntos em uma transação.",
  skipExistingPartsLabel: "Pular peças existentes",
  skipExistingVehiclesLabel: "Pular veículos existentes",
  skipExistingCompatibilitiesLabel: "Pular compatibilidades existentes",
  defaults: "Padrão",
  save: "Salvar",
  settingsSaved: "Configurações salvas",
  throughputEstimate: (perMinute: number) =>
    `Vazão máxima estimada: ${number(perMinute)} itens/min`,
  skipModeOn: "Modo pular existentes: ativado",
  skipModeOff: "Modo pular existentes: desativado",
  invalidConcurrentPages: "Páginas em paralelo deve ser um número inteiro entre 1 e 20",
  invalidItemsPerBatch: "Itens por lote deve ser um número inteiro entre 1 e 100",
  invalidFlag: "Valor inválido: use verdadeiro ou falso",
  // Status cards
  progressTitle: "Progresso",
  itemsProgress: (done: number, total: number, percent: number) =>
    `${number(done)} de ${number(total)} itens (${percent}%)`,
  pagesProgress: (done: number, total: number, percent: number) =>
    `Página ${number(done)} de ${number(total)} (${percent}%)`,
  createdTitle: "Criados",
  updatedTitle: "Atualizados",
  skippedTitle: "Já existentes (pulados)",
  partsLabel: "Peças",
  vehiclesLabel: "Veículos",
  compatibilitiesLabel: "Compatibilidades",
  performanceTitle: "Desempenho",
  durationLabel: "Duração",
  duration: (seconds: number) =>
    seconds < 60
      ? `${seconds} s`
      : seconds < 3600
        ? `${Math.floor(seconds / 60)} min ${seconds % 60} s`
        : `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`,
  itemsPerMinuteLabel: "Itens/min",
  remaining: (hours: number, minutes: number) =>
    hours > 0 ? `${hours}h ${minutes}m restantes` : `${minutes}m restantes`,
  errorsLabel: "Erros",
  lastActivityLabel: "Última atividade",
  sourceApi: "Fonte de catálogo (API)",
  sourceCsv: (fileName: string) => `Arquivo CSV: ${fileName}`,
  interruptedHint:
    "A importação parou sem terminar (o servidor reiniciou). Retome para continuar do último lote gravado.",
  autoRefresh: "Esta página se atualiza sozinha a cada 2 segundos enquanto a importação roda.",
  checkNow: "Atualizar agora",
  // Both import pages (catalogue and FIPE), when jobs go to Redis (ADR 0040)
  noWorker:
    "Nenhum processo de tarefas (worker) está rodando: a importação ficará na fila, sem começar, até que um worker seja iniciado (npm run worker).",
  workersUnknown:
    "A fila de tarefas (Redis) não respondeu: não foi possível saber se há um worker rodando para fazer a importação.",
  logTitle: "Registro da importação",
  // Suggestions
  suggestionsTitle: "Sugestões de desempenho",
  slowTitle: "Velocidade Baixa",
  slowText:
    "A importação está abaixo de 100 itens/min. Aumente as páginas em paralelo ou os itens por lote.",
  excellentTitle: "Excelente Performance",
  excellentText: "A importação está acima de 300 itens/min.",
  manyExistingTitle: "Muitos Itens Existentes",
  manyExistingText:
    "Mais de 80% dos itens já existiam. Ative os modos de pular existentes para ganhar velocidade.",
  highErrorTitle: "Taxa de Erro Alta",
  highErrorText: "Mais de 5% dos itens deram erro. Confira o registro da importação.",
  optimizeTitle: "Otimização Sugerida",
  optimizeText:
    "Mais de 1.000 itens processados abaixo de 200 itens/min: aumente os itens por lote.",
  noSuggestions: "Sistema funcionando normalmente. Nenhuma sugestão de otimização no momento.",
  // How-to
  howToTitle: "Como funciona",
  howTo: [
    "Iniciar Importação busca as páginas da fonte de catálogo e grava peças, veículos e compatibilidades.",
    "Configurações: até 10 páginas em paralelo (threads) e lotes de 20 itens por padrão.",
    "Pausar interrompe após o lote em andamento; Retomar continua de onde parou.",
    "Cancelar encerra a importação; Reiniciar começa uma nova com as mesmas opções.",
    "Limpar Tudo remove todos os veículos, peças e compatibilidades (pede confirmação).",
    "Nada se perde se o servidor cair: cada lote é gravado com seu ponto de retomada.",
  ],
  // Clear all
  clearTitle: "Confirmar Limpeza",
  clearText:
    "Todos os veículos, peças e compatibilidades serão removidos de forma irreversível. Categorias e marcas permanecem.",
  clearConfirm: "Sim, Limpar Tudo",
  clearCancel: "Cancelar",
  cleared: (parts: number, vehicles: number, fitments: number) =>
    `Catálogo limpo: ${countOf(parts, PARTS)}, ${countOf(vehicles, VEHICLES)} e ${countOf(fitments, FITMENTS)} removidos.`,
  clearRefusedRunning: "Não é possível limpar enquanto uma importação está em andamento.",
  clearFailed: "Erro ao limpar dados",
  clearedActivity: "Limpou o catálogo (peças, veículos e compatibilidades)",
  // Control answers
  startFailed: "Erro ao iniciar importação",
  pauseFailed: "Erro ao pausar importação",
  resumeFailed: "Erro ao retomar importação",
  cancelFailed: "Erro ao cancelar importação",
  restartFailed: "Erro ao reiniciar importação",
  started: "Importação iniciada",
  paused: "Importação pausada",
  resumed: "Importação retomada",
  cancelled: "Importação cancelada",
  restarted: "Importação reiniciada",
  alreadyRunning: "Já existe uma importação em andamento: pause, cancele ou aguarde o fim.",
  notRunning: "Esta importação não está em andamento.",
  notPaused: "Esta importação não está pausada nem interrompida.",
  notActive: "Esta importação já terminou.",
  importNotFound: "Importação não encontrada",
  sourceNotConfigured: "Fonte de catálogo não configurada: defina CATALOGUE_SOURCE_URL.",
  csvFileGone: "O arquivo CSV desta importação não está mais disponível: envie-o de novo.",
  startedActivity: (source: string) => `Iniciou importação de catálogo (${source})`,
  completedActivity: (items: number) =>
    `Importação de catálogo concluída: ${countOf(items, ITEMS)}`,
  // Engine log lines
  startedLog: (total: number, pages: number) =>
    `Importação iniciada: ${countOf(total, ITEMS)} em ${countOf(pages, { one: "página", other: "páginas" })}.`,
  csvStartedLog: (fileName: string, rows: number) =>
    `Importação do arquivo ${fileName} iniciada: ${countOf(rows, ROWS)}.`,
  resumedLog: (page: number) => `Importação retomada após a página ${number(page)}.`,
  pageLog: (
    page: number,
    pages: number,
    items: number,
    parts: number,
    vehicles: number,
    fitments: number,
  ) =>
    `Página ${number(page)}/${number(pages)}: ${countOf(items, ITEMS)}; novos: ${created(parts, vehicles, fitments)}.`,
  retryLog: (attempt: number, reason: string, seconds: number) =>
    `Falha ao buscar a fonte (${reason}); nova tentativa ${attempt} em ${seconds.toLocaleString("pt-BR")} s.`,
  invalidItemLog: (where: string, reason: string) => `Item ignorado (${where}): ${reason}`,
  pausedLog: "Importação pausada.",
  cancelledLog: "Importação cancelada.",
  completedLog: (items: number, parts: number, vehicles: number, fitments: number) =>
    `Importação concluída: ${countOf(items, ITEMS)}; novos: ${created(parts, vehicles, fitments)}.`,
  failedLog: (reason: string) => `Importação interrompida por erro: ${reason}`,
  interrupted: "a importação foi interrompida antes de terminar",
  autoResumedLog: (page: number) =>
    `Retomada automática após a página ${number(page)}, ao reiniciar o servidor.`,
  shutdownLog: (page: number) =>
    `Servidor desligado: a importação continua após a página ${number(page)} quando ele voltar.`,
  crashedAgain: (page: number) =>
    `o servidor parou duas vezes durante esta importação sem avançar da página ${number(page)}; ela não será retomada sozinha (use "Retomar" para tentar de novo do ponto salvo)`,
  itemFieldMissing: (field: string) => `campo obrigatório ausente: ${field}`,
  itemYears: "anos do veículo inválidos",
  // CSV on the page
  csvTitle: "Importar arquivo CSV",
  csvHelp:
    "Uma linha por compatibilidade, com as colunas code, name, manufacturer, category, description, alternative_codes (separados por |), brand, model, year_start, year_end, version, engine, fuel, position, notes, fitment_year_start, fitment_year_end (as três opcionais). Separador vírgula ou ponto e vírgula; o arquivo exportado volta sem mudanças.",
  csvFileLabel: "Arquivo CSV",
  csvDryRunLabel: "Apenas simular (não grava nada)",
  csvSubmit: "Enviar arquivo",
  csvMissingFile: "Escolha um arquivo CSV",
  csvTooLarge: (mb: number) => `O arquivo passa do limite de ${mb} MB`,
  csvLimit: (mb: number) => `Até ${mb} MB.`,
  dryRunTitle: "Resultado da simulação",
  dryRunNothingWritten: "Simulação: nada foi gravado.",
  dryRunRows: (rows: number, bad: number) =>
    `${countOf(rows, { one: "linha lida", other: "linhas lidas" })}, ${number(bad)} com erro.`,
  toCreate: "A criar",
  toUpdate: "A atualizar",
  toSkip: "A pular (já existem)",
  badRowsTitle: "Linhas com erro",
  moreBadRows: (more: number) => `… e mais ${countOf(more, ROWS)} com erro.`,
  exportButton: "Exportar catálogo (CSV)",

  // The server log
  logCsvPruneFailed: "Importação CSV: falha ao apagar arquivos antigos:",
  logCsvStartFailed: "Importação CSV: falha ao iniciar:",
  logStartFailed: "Importação: falha ao iniciar:",
  logClearFailed: "Importação: falha ao limpar o catálogo:",
  logIntentFailed: (intent: string) => `Importação: falha em ${intent}:`,
  logCommandFailed: (command: string) => `Importação: falha ao executar ${command}:`,
} as const;
