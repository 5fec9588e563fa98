/** Part search and vehicle search. */

import { formatInteger } from "../locale/numbers";
import { countOf } from "../locale/plural";

const partsCount = (n: number) => countOf(n, { one: "peça", other: "peças" });

/**
 * The photo formats the search by image reads (issue #29, ADR 0060), the one list everything else
 * derives from: the hint and the refusal name them, the file picker's `accept` and the schema take
 * their types, and the decoder takes the types' subtypes (sharp's format names).
 */
const imageFormats = [
  { name: "JPG", type: "image/jpeg" },
  { name: "PNG", type: "image/png" },
  { name: "WebP", type: "image/webp" },
  { name: "GIF", type: "image/gif" },
] as const;
/** "JPG, PNG, WebP ou GIF". */
const imageFormatNames = `${imageFormats
  .slice(0, -1)
  .map((f) => f.name)
  .join(", ")} ou ${imageFormats[imageFormats.length - 1].name}`;

// The tips under a search, by its kind.
const freeRepeats = "Buscas sem resultado e repetidas no mesmo dia não gastam créditos.";
const codeTips = [
  "Digite o código como estiver na caixa: traços, pontos e espaços são ignorados.",
  "Códigos de outros fabricantes e códigos originais também encontram a peça.",
  "Sem o código? Use a busca por descrição, com o nome da peça e o modelo do veículo.",
  freeRepeats,
];
const descriptionSearchTips = [
  'Escreva a peça e o modelo do veículo, como no balcão: "pastilha freio gol".',
  'Poucas palavras bastam: o nome comum da peça ("amortecedor", "filtro de óleo") e o veículo.',
  "Abreviações funcionam: diant, tras, amort, cx; acentos e plurais não atrapalham.",
  freeRepeats,
];
const imageTips = [
  "Fotografe a etiqueta de perto, com o código inteiro, reto e bem iluminado.",
  `Envie uma foto ${imageFormatNames}, de até 10MB.`,
  "Se a leitura errar uma letra ou um número, corrija o código na busca por código.",
  freeRepeats,
];

export const search = {
  title: "Buscar Peças",
  emptyCode: "Digite um código de peça para buscar",
  emptyDescription: "Digite uma descrição para buscar",
  emptyQuery: "Digite algo para buscar",
  exhausted:
    "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.",
  /** On the top plan there is nothing to upgrade to: when the searches come back instead. */
  exhaustedTopPlan:
    "Você esgotou seus créditos de busca diários. Eles renovam às 00:00 (horário de Brasília).",
  low: (n: number) =>
    `Você tem apenas ${countOf(n, { one: "busca restante", other: "buscas restantes" })} hoje.`,
  noResultCode: "Nenhuma peça encontrada com esse código",
  noResultDescription: "Nenhuma peça encontrada com essa descrição",
  foundOne: "Peça encontrada!",
  foundMany: (n: number) => countOf(n, { one: "peça encontrada", other: "peças encontradas" }),
  imageRequired: "Selecione uma imagem para buscar",
  imageFormats,
  // The spec's text, then the formats the hint below names (issues #25, #29: both from one list).
  imageInvalid: `Por favor, selecione um arquivo de imagem válido (${imageFormatNames})`,
  imageTooLarge: "Arquivo muito grande. Máximo 10MB",
  imageHint: `${imageFormatNames} até 10MB`,
  /** Why a photo was not decoded (the error's detail; the customer reads imageInvalid). */
  imageUnreadableFormat: "formato",
  imageUnreadableTooLarge: "grande demais",
  imageNoCode:
    "Não encontramos um código de peça na imagem. Fotografe a etiqueta de perto, com o código inteiro e bem iluminado, ou digite o código.",
  imageBusy: "Muitas fotos sendo lidas agora. Tente de novo em alguns segundos.",
  imageOnePerUser:
    "Sua foto anterior ainda está sendo lida. Espere a leitura terminar e tente de novo.",
  imageTimeout:
    "A leitura da foto demorou demais. Tente uma foto mais nítida e mais próxima do código.",
  imageReading: "Lendo o código na foto...",
  imagePreview: "Prévia da foto escolhida",
  imageRead: (code: string) => `Lido na imagem: ${code}`,
  imageReadLookAlike: "Corrigimos letras e números parecidos (O/0, I/1, S/5, B/8) ao procurar.",
  imageReadPrefix: "O código lido parecia incompleto: mostramos os códigos que começam com ele.",
  imageCorrect: "Se a leitura estiver errada, corrija o código na busca acima e busque de novo.",
  imageCandidates: "Outros códigos lidos na foto:",
  tabCode: "Por Código",
  tabImage: "Por Imagem",
  tabDescription: "Por Descrição",
  codeLabel: "Código da peça",
  codePlaceholder: "Ex.: BR-123.456, GDB1234, 5U0698151A",
  descriptionLabel: "Descrição da peça",
  descriptionPlaceholder: "Ex.: pastilha de freio gol",
  imageLabel: "Foto da peça",
  searchButton: "Buscar",
  searching: "Buscando...",
  typeLabel: "Tipo de busca",
  typeCode: "Código",
  typeDescription: "Descrição",
  newSearch: "Nova busca",
  resultsFor: (count: number, query: string) =>
    `${countOf(count, { one: "resultado", other: "resultados" })} para "${query}"`,
  byType: (type: "code" | "description" | "image") =>
    type === "code"
      ? "Busca por código"
      : type === "image"
        ? "Busca por imagem"
        : "Busca por descrição",
  foundVia: (code: string) => `Encontrado via código ${code}`,
  manufacturer: "Fabricante",
  category: "Categoria",
  noCategory: "Sem categoria",
  buyLink: "Ver no Mercado Livre",
  alternativeCodes: "Códigos alternativos",
  noAlternativeCodes: "Nenhum código alternativo cadastrado",
  compatibleVehicles: "Veículos compatíveis",
  loadingVehicles: "Carregando veículos...",
  showVehicles: (n: number) =>
    `Ver ${countOf(n, { one: "veículo compatível", other: "veículos compatíveis" })}`,
  noVehicles: "Informações de compatibilidade não disponíveis",
  previous: "Anterior",
  next: "Próxima",
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  tipsTitle: "Dicas de busca",
  /** The way to /search/compare from the search and home pages: here, not in the compare area,
   * so those pages do not carry every text of the compare page (the 100 KB budget). */
  compareLink: "Comparar dois códigos",
  compareLinkHint: "Quer saber se dois códigos são intercambiáveis?",
  /** Tips for a code, what the search page shows under a code search (and the compare page). */
  tips: codeTips,
  /** The tips under a search, by its kind (issue #29): a description search gets no code tips. */
  tipsFor: { code: codeTips, description: descriptionSearchTips, image: imageTips },
  emptyTitle: "Nenhuma peça encontrada",
  emptyTips: [
    "Confira se o código foi digitado sem letras trocadas: códigos não têm correção automática.",
    "Tente o código original (da montadora) ou de outro fabricante.",
    "Tente uma busca por descrição, com o nome da peça e do veículo.",
  ],
  upgrade: "Fazer upgrade",
  // Description results (issue #25): the true total, what was understood, paging, narrowing.
  partsCount,
  descriptionResultsFor: (total: number, query: string, atLeast = false) =>
    `${atLeast ? "mais de " : ""}${partsCount(total)} para "${query}"`,
  understoodVehicle: (vehicle: string) => `Peças que servem em ${vehicle}`,
  removeVehicle: "Buscar sem o veículo",
  showingFor: (words: string) => `Mostrando resultados para ${words}`,
  ignoredWords: (words: string) => `Palavras que não usamos na busca: ${words}`,
  filtersTitle: "Filtrar resultados",
  filtersTitleActive: (n: number) =>
    `Filtrar resultados (${countOf(n, { one: "filtro", other: "filtros" })})`,
  filterLabels: {
    categoryId: "Categoria",
    manufacturer: "Fabricante da peça",
    brand: "Marca do veículo",
    model: "Modelo do veículo",
    year: "Ano do veículo",
    position: "Posição",
  },
  activeFilters: "Filtros aplicados",
  removeFilter: (label: string, value: string) => `Remover filtro ${label}: ${value}`,
  clearFilters: "Limpar filtros",
  facetCount: (n: number) => formatInteger(n),
  moreOptions: (n: number) => `Mais ${countOf(n, { one: "opção", other: "opções" })}`,
  pagination: "Páginas dos resultados",
  goToPage: (n: number) => `Ir para a página ${n}`,
  currentPage: (n: number) => `Página ${n}, atual`,
  pageRange: (from: number, to: number, total: number, atLeast = false) =>
    `Mostrando ${formatInteger(from)}–${formatInteger(to)} de ${atLeast ? "mais de " : ""}${partsCount(total)}`,
  fitsVehicle: (vehicle: string) => `Serve em ${vehicle}`,
  triedTitle: "O que buscamos",
  triedWords: (words: string) => `Nome da peça: ${words}`,
  triedVehicle: (vehicle: string) => `Veículo: ${vehicle}`,
  triedCorrections: (list: string) => `Corrigimos: ${list}`,
  triedFilters: (list: string) => `Filtros: ${list}`,
  suggestionsTitle: "Tente também",
  suggestionSpelling: "Você quis dizer",
  suggestionKinds: {
    spelling: "",
    without_year: "sem o ano",
    without_engine: "sem o motor",
    without_vehicle: "sem o veículo",
    fewer_words: "com menos palavras",
  } as Record<string, string>,
  suggestionCount: (kind: string, total: number) =>
    kind ? `${kind}: ${partsCount(total)}` : partsCount(total),
  withoutFilters: "Buscar sem os filtros",
  descriptionTipsTitle: "Dicas para buscar por descrição",
  /** A description search that found nothing: fewer words, the common name, the vehicle model. */
  descriptionTips: [
    'Use menos palavras: o nome da peça e o modelo do veículo, como "pastilha freio gol".',
    'Chame a peça pelo nome mais comum no balcão: "amortecedor", "filtro de óleo", "vela".',
    "Escreva o modelo do veículo sem a versão; tire o ano ou o motor e filtre pelo veículo depois.",
    "Abreviações funcionam: diant, tras, amort, cx; acentos e plurais não atrapalham.",
  ],
  /** Bad paging and narrowing parameters of GET /api/parts/search (the page ignores them). */
  filterErrors: {
    invalidPage: (max: number) => `A página deve ser um número inteiro entre 1 e ${max}`,
    invalidYear: (min: number, max: number) =>
      `O ano deve ser um número inteiro entre ${min} e ${max}`,
    tooLong: (label: string, max: number) => `${label}: no máximo ${max} caracteres`,
    invalidText: (label: string) => `${label}: contém caracteres inválidos`,
    labels: {
      manufacturer: "Fabricante",
      brand: "Marca",
      model: "Modelo",
      position: "Posição",
    },
  },
  position: { dianteiro: "Dianteiro", traseiro: "Traseiro" } as Record<string, string>,
  side: { esquerdo: "Esquerdo", direito: "Direito" } as Record<string, string>,
  yearRuns: (runs: [number, number][]) =>
    runs.map(([from, to]) => (from === to ? String(from) : `${from}–${to}`)).join(", "),
  groupVersions: (versions: string[], more: number) =>
    `${versions.length === 1 && more === 0 ? "versão" : "versões"} ${versions.join(", ")}${more > 0 ? ` e mais ${more}` : ""}`,
  groupFits: "serve no veículo buscado",
  years: (from: number | null, to: number | null) =>
    from && to ? `${from}–${to}` : from ? `a partir de ${from}` : to ? `até ${to}` : "",
} as const;

export const vehicleSearch = {
  title: "Buscar por veículo",
  subtitle: "Escolha marca, modelo e ano para ver as peças que encaixam, por categoria.",
  link: "Buscar por veículo",
  brand: "Marca",
  model: "Modelo",
  year: "Ano",
  version: "Versão",
  choose: "Selecione...",
  allVersions: "Todas as versões",
  next: "Continuar",
  showParts: "Ver peças",
  clear: "Limpar",
  partsFound: (n: number, vehicle: string) => `${partsCount(n)} para ${vehicle}`,
  noParts: "Nenhuma peça cadastrada para este veículo",
  tipsTitle: "Dicas de busca",
  tips: [
    "Escolha a marca, o modelo e o ano; a versão é opcional e só estreita a lista.",
    "As peças aparecem agrupadas por categoria, com o fabricante de cada uma.",
    "Procura uma peça só? Use a busca por descrição, com o nome da peça e o modelo.",
  ],
  emptyTips: [
    "Deixe a versão em branco, ou tente outro ano do mesmo modelo.",
    'Busque pela descrição, com o nome da peça e o modelo: "amortecedor onix".',
  ],
  otherCategory: "Outras",
  seePart: "Ver peça",
} as const;
