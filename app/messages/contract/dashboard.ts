/** The /api contract's texts for the dashboard and settings endpoints: /api/docs reads them. */

export const contractDashboard = {
  tag: "Painel",
  settingsTag: "Configurações",
  metrics: "Todos os números do painel",
  metricsDescription:
    "Usuários, planos e receita, sistema (CPU, memória, disco, banco, último backup), buscas (hoje, ontem, no mês, tempo de resposta, taxa de erro), estoque de peças e links do Mercado Livre, categorias e assinaturas por plano. Valores em reais, percentuais de 0 a 100, lidos agora.",
  metricsAnswer: "Os números do painel.",
  revenue: "Receita por mês",
  revenueDescription:
    "Faturas aprovadas por mês de São Paulo, pela data do pagamento: uma linha por mês, do mais antigo ao atual, meses sem vendas como 0.",
  revenueAnswer: "Uma linha por mês (`month` no formato AAAA-MM).",
  health: "Saúde do sistema",
  healthDescription:
    "Banco de dados, fila de tarefas, executor de tarefas e disco, verificados agora; `status` é o pior deles.",
  healthAnswer: "O estado geral e o de cada verificação.",
  activity: "Atividade recente",
  activityDescription:
    "Cadastros, ações de administradores, pagamentos e buscas, do mais novo ao mais antigo. O administrador vê a de todos; o cliente premium só a própria.",
  activityAnswer: "As atividades, da mais nova para a mais antiga.",
  topSearches: "Buscas populares",
  topSearchesDescription:
    "As peças mais buscadas nos últimos `days` dias de São Paulo (hoje incluído), com o texto mais digitado para achá-las.",
  topSearchesAnswer: "As peças, da mais buscada para a menos.",
  company: "Dados da empresa",
  companyDescription:
    "A identidade que aparece nos recibos, nos e-mails e no rodapé da página inicial; `null` quando não definida.",
  companyAnswer: "Os dados da empresa e quando foram salvos pela última vez.",
  companyUpdate: "Salva os dados da empresa",
  companyUpdateDescription:
    "Campos omitidos mantêm o valor salvo; `null` ou vazio apaga um campo. Envie ao menos um campo.",
  companyUpdated: "Os dados salvos.",
  seo: "Configurações de SEO",
  seoDescription: "Todas as configurações de SEO como salvas (`null` = não definida).",
  seoAnswer: "As configurações e quando foram salvas pela última vez.",
  seoUpdate: "Salva as configurações de SEO",
  seoUpdateDescription:
    "Campos omitidos mantêm o valor salvo; `null` apaga um campo. Envie ao menos um campo.",
  seoUpdated: "As configurações salvas.",
  sampleUser: "Maria Souza",
  sampleAction: "Assinou o plano Profissional",
  samplePartName: "Filtro de óleo",
  sampleCategory: "Filtros",
  sampleLegalName: "Encaixa Autopeças Ltda",
  sampleAddress: "Rua das Flores, 100",
  sampleCity: "São Paulo",
} as const;
