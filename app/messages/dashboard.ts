/** The administrative dashboard (/admin, "Painel Administrativo"). */

export const dashboard = {
  title: "Painel Administrativo",
  subtitle: "Visão geral do Encaixa: clientes, receita, buscas e sistema",
  refresh: "Atualizar",
  periodLabel: "Período",
  periods: { "24h": "24h", "7d": "7 dias", "30d": "30 dias", "90d": "90 dias" },
  tabsLabel: "Seções do painel",
  tabs: {
    geral: "Visão Geral",
    analytics: "Analytics",
    sistema: "Sistema",
    atividade: "Atividade",
    pagamentos: "Pagamentos",
    seo: "SEO",
  },
  payment: {
    success: "Pagamento aprovado! O plano já está ativo.",
    failure: "O pagamento não foi concluído. Nenhum valor foi cobrado.",
    pending: "Pagamento pendente: avisaremos quando for confirmado.",
  },
  loadFailed: "Erro ao carregar dados do dashboard",
} as const;
