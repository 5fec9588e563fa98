/** The administrative dashboard (/admin, "Painel Administrativo") and /api/dashboard/*. */

import { countOf } from "../locale/plural";

export const dashboard = {
  title: "Painel Administrativo",
  subtitle: "Clientes, receita, buscas e a saúde do sistema, lidos agora do banco de dados",
  refresh: "Atualizar",
  periodLabel: "Período",
  periods: { "24h": "24h", "7d": "7 dias", "30d": "30 dias", "90d": "90 dias" },
  tabsLabel: "Seções do painel",
  tabs: {
    geral: "Visão Geral",
    analytics: "Análises",
    sistema: "Sistema",
    atividade: "Atividade",
    pagamentos: "Pagamentos",
    seo: "SEO",
    empresa: "Empresa",
  },
  payment: {
    success: "Pagamento aprovado! O plano já está ativo.",
    failure: "O pagamento não foi concluído. Nenhum valor foi cobrado.",
    pending: "Pagamento pendente: avisaremos assim que for confirmado.",
  },
  loadFailed: "Erro ao carregar dados do dashboard",

  overview: {
    customers: "Total de Clientes",
    newThisMonth: (n: number) => `+${countOf(n, { one: "novo", other: "novos" })} este mês`,
    revenue: "Receita Mensal",
    activeSubscribers: (n: number) =>
      countOf(n, { one: "assinante ativo", other: "assinantes ativos" }),
    searchesToday: "Buscas Hoje",
    avgResponse: (ms: string) => `Tempo médio de resposta: ${ms} ms`,
    noSearchesYet: "Nenhuma busca hoje ainda",
    subscribers: "Assinantes",
    subscribedShare: (percent: string) => `${percent} dos clientes assinam um plano pago`,
    quickActions: "Ações Rápidas",
    actions: {
      import: "Importar da API",
      addCustomer: "Adicionar Cliente",
      createPlan: "Criar Plano",
      manageParts: "Gerenciar Peças",
      settings: "Configurações",
    },
  },

  analytics: {
    parts: "Peças Cadastradas",
    queriesToday: "Consultas Hoje",
    growth: (percent: string) => `${percent} em relação a ontem`,
    noGrowthBase: "Sem buscas ontem para comparar",
    vehicles: "Veículos Compatíveis",
    uniqueUsers: "Usuários Únicos Hoje",
    topCategories: "Principais Categorias",
    partsCount: (n: string) => `${n} peças`,
    noCategories: "Nenhuma categoria com peças ainda",
    topSearched: "Peças Mais Buscadas (30 dias)",
    searchesCount: (n: number) => countOf(n, { one: "busca", other: "buscas" }),
    noTopSearched: "Nenhuma peça encontrada em buscas nos últimos 30 dias",
    breakdown: "Assinaturas por Plano",
    breakdownColumns: {
      plan: "Plano",
      subscribers: "Assinantes",
      price: "Preço",
      revenue: "Receita mensal",
    },
    free: "Gratuito",
    noPlans: "Nenhum plano cadastrado",
    searchesChart: "Buscas por dia",
    searchesChartHourly: "Buscas por hora (últimas 24h)",
    revenueChart: "Receita por mês",
    chartTotal: (total: string) => `Total no período: ${total}`,
    chartEmpty: "Nenhum dado no período",
    chartPoint: (label: string, value: string) => `${label}: ${value}`,
  },

  system: {
    healthTitle: "Verificações de Saúde",
    checks: {
      database: "Banco de dados",
      queue: "Fila de tarefas (Redis/BullMQ)",
      jobs: "Executor de tarefas",
      disk: "Disco",
      mail: "E-mails (envio)",
    },
    checkStatus: { success: "OK", warning: "Atenção", error: "Erro" },
    overall: { healthy: "Tudo funcionando", warning: "Requer atenção", error: "Com problemas" },
    databaseStatus: "Situação do Banco",
    databaseStatusValue: { healthy: "Saudável", warning: "Lento", error: "Indisponível" },
    resources: "Recursos do Servidor",
    cpu: (cores: number) => `CPU (${countOf(cores, { one: "núcleo", other: "núcleos" })})`,
    memory: "Memória",
    memoryDetail: (used: string, total: string, rss: string) =>
      `${used} de ${total} em uso · este processo: ${rss}`,
    disk: "Disco",
    diskDetail: (free: string, total: string) => `${free} livres de ${total}`,
    diskUnknown: "Não foi possível ler o disco",
    uptime: "Tempo no Ar",
    uptimeDetail: "desde o último início do servidor",
    lastBackup: "Último Backup",
    noBackup: "Nenhum backup feito ainda",
    backingUp: "Fazendo backup...",
    backupsKept: (count: number, keep: number, folder: string) =>
      `${countOf(count, { one: "backup guardado", other: "backups guardados" })} em ${folder} (os ${keep} mais recentes ficam).`,
    nextBackup: (when: string) => `Próximo backup automático: ${when}.`,
    scheduledBackupsOff: "Backups automáticos desligados (BACKUP_INTERVAL_HOURS=0).",
    backupAge: {
      underAnHour: "há menos de 1 hora",
      hours: (n: number) => `há ${countOf(n, { one: "hora", other: "horas" })}`,
      days: (n: number) => `há ${countOf(n, { one: "dia", other: "dias" })}`,
    },
    errorRate: "Taxa de Erro (24h)",
    errorRateDetail: (label: string, errors: string, requests: string) =>
      `${label} · ${errors} erros de servidor em ${requests} respostas`,
    errorRateLabel: { excellent: "Excelente", good: "Bom", attention: "Atenção necessária" },
    monthlySearches: "Buscas no Mês",
    dailyAverage: (n: string) => `Média diária: ${n}`,
    linkCoverage: "Cobertura de Links (Mercado Livre)",
    linkCoverageDetail: (label: string, withLink: string, total: string, direct: string) =>
      `${label} · ${withLink} de ${total} peças com link, ${direct} com link direto`,
    linkCoverageLabel: { great: "Ótima", good: "Boa" },
  },

  health: {
    databaseOk: (ms: string) => `Respondeu em ${ms} ms`,
    databaseSlow: (ms: string) => `Lento: respondeu em ${ms} ms`,
    databaseDown: "O banco de dados não respondeu",
    queueInline: "Sem Redis configurado: as tarefas rodam no próprio servidor",
    queueOk: (ms: string) => `Redis respondeu em ${ms} ms`,
    queueDown: "O Redis (REDIS_URL) não respondeu",
    jobsStopped: "O executor de tarefas não está rodando neste processo",
    jobsStuck: (n: number) =>
      `${countOf(n, { one: "tarefa esperando", other: "tarefas esperando" })} há mais de 10 minutos: o processo de tarefas (worker) está rodando?`,
    jobsFailed: (n: number) =>
      `${countOf(n, { one: "tarefa falhou", other: "tarefas falharam" })} nas últimas 24 horas`,
    jobsNoWorker:
      "Nenhum processo de tarefas (worker) está rodando: as tarefas ficarão na fila até que um worker seja iniciado (npm run worker)",
    jobsOk: (n: number, backend: string) =>
      `${countOf(n, { one: "tarefa concluída", other: "tarefas concluídas" })} nas últimas 24 horas (${backend === "bullmq" ? "BullMQ" : "no próprio servidor"})`,
    diskFree: (free: string, total: string) => `${free} livres de ${total}`,
    diskUnreadable: "Não foi possível ler o espaço em disco",
    // The server log
    logDatabaseCheckFailed: "Verificação do banco de dados falhou:",
    logDiskReadFailed: "Leitura do disco falhou:",
    logRequestCountsFailed: "Contagem de respostas não gravada:",
  },

  activity: {
    title: "Atividade Recente",
    empty: "Nenhuma atividade registrada ainda",
    types: {
      search: "Busca",
      signup: "Cadastro",
      payment: "Pagamento",
      subscription: "Assinatura",
      credits: "Créditos",
      customer: "Cliente",
      plan: "Plano",
      part: "Peça",
      vehicle: "Veículo",
      catalogue: "Catálogo",
      import: "Importação",
      settings: "Configurações",
      backup: "Backup",
    } as Record<string, string>,
    otherType: "Sistema",
  },

  payments: {
    title: "Provedores de Pagamento",
    description:
      "As credenciais do Mercado Pago e do PagHiper ficam em Formas de Pagamento, cifradas no servidor.",
    mercadoPago: "Mercado Pago (cartão e carteira)",
    pagHiper: "PagHiper (PIX)",
    configured: "Configurado",
    notConfigured: "Não configurado",
    open: "Abrir configurações",
    invoices: "Ver faturas",
  },
} as const;
