/** Texts every page may show: the app's defaults, the error and not-found pages, the shell (menu, roles, plan card) and the dialogs and toasts of the root. */

export const app = {
  defaultSiteName: "Encaixa",
  defaultSiteDescription: "Sistema de Peças",
  defaultLogoInitials: "EN",
  loading: "Carregando...",
  dismissNotice: "Fechar aviso",
} as const;

export const notFound = {
  title: "Página não encontrada",
  description: "A página que você está procurando não existe ou foi movida.",
  link: "Voltar para o início",
} as const;

export const error = {
  title: "Algo deu errado",
  description: "Ocorreu um erro inesperado. Tente recarregar a página.",
  retry: "Tentar Novamente",
  reload: "Recarregar Página",
} as const;

/** A post the server cannot read as a form (wrong Content-Type, broken body): the error page says so. */
export const formPost = {
  unsupportedType:
    "Envio recusado: os dados devem vir de um formulário da página (application/x-www-form-urlencoded ou multipart/form-data). Abra a página de novo e envie outra vez.",
  unreadable:
    "Não foi possível ler os dados enviados. Abra a página de novo e envie o formulário outra vez.",
  /** The whole body is over its limit (a form or JSON: 1 MB; an upload: its own). */
  bodyTooLarge: (limit: string) =>
    `Envio grande demais: o limite é de ${limit}. Reduza os dados e envie outra vez.`,
  fieldTooLong: (limit: string) =>
    `Um dos campos enviados passa do tamanho permitido (${limit}). Reduza o texto e envie outra vez.`,
  tooManyFields: "O formulário enviado tem campos demais. Abra a página de novo e envie outra vez.",
  tooDeep: "Os dados enviados têm níveis aninhados demais para serem lidos.",
  serverBusy:
    "O servidor está recebendo muitos envios agora. Aguarde alguns segundos e envie outra vez.",
  bodyTimeout: "O envio demorou demais para chegar. Verifique a sua conexão e envie outra vez.",
  controlCharacters:
    "Um dos campos enviados contém caracteres de controle, que não são aceitos. Apague-os e envie outra vez.",
  badPath: "Endereço inválido: a URL contém uma codificação que não pode ser lida.",
  /** The name an upload without a usable file name is kept under. */
  unnamedFile: "arquivo",
  /** Why a body stream stopped, for the log (the client gets one of the texts above). */
  bodyRefused: "corpo da requisição recusado",
  clientGaveUp: "o cliente desistiu do envio",
  /** What zod says where a schema has no message of its own (a list sent for a text field…). */
  invalidValue: "Valor inválido para este campo",
} as const;

export const format = {
  never: "Nunca",
  justNow: "agora mesmo",
  minutesAgo: (n: number) => `há ${n} minuto${n === 1 ? "" : "s"}`,
  hoursAgo: (n: number) => `há ${n} hora${n === 1 ? "" : "s"}`,
  daysAgo: (n: number) => `há ${n} dia${n === 1 ? "" : "s"}`,
} as const;

export const roles = {
  admin: "Administrador",
  premium_user: "Usuário Premium",
  user: "Usuário",
} as const;

export const nav = {
  home: "Início",
  search: "Buscar Peças",
  usage: "Estatísticas",
  parts: "Peças",
  admin: "Admin",
  import: "Importar API",
  categories: "Categorias",
  vehicles: "Veículos",
  vehiclesList: "Listar Veículos",
  brands: "Marcas",
  customers: "Clientes",
  plans: "Planos",
  adminInvoices: "Faturas (Admin)",
  invoices: "Faturas",
  settings: "Configurações",
  profile: "Perfil",
  manageSubscription: "Gerenciar Assinatura",
  logout: "Sair",
  importShortcut: "Importação",
  headerSearchPlaceholder: "Buscar peças por código...",
  headerSearchLabel: "Buscar peças",
  searchButton: "Buscar",
  openMenu: "Abrir menu",
  userMenu: "Menu do usuário",
  mainNavigation: "Navegação principal",
} as const;

export const planCard = {
  freePlan: "Plano Gratuito",
  freeTagline: "Perfeito para testar o serviço",
  active: "Ativo",
  free: "Gratuito",
  expiresOn: (date: string) => `Válido até ${date}`,
  credits: "Buscas restantes hoje",
  unlimited: "∞",
  upgrade: "Fazer upgrade",
} as const;

export const planDialog = {
  price: "Preço",
  credits: "Limite de buscas",
  description: "Descrição",
  features: "Recursos incluídos",
  policies: "Políticas",
  noPolicies: "Sem informações adicionais sobre políticas para este plano.",
  noFeatures: "Nenhum recurso listado.",
  close: "Fechar",
  planNotFound: "Plano não encontrado",
} as const;
