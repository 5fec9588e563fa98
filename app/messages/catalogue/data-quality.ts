/** The admin data-quality report. */

export const dataQuality = {
  title: "Qualidade dos dados",
  subtitle: "Problemas no catálogo que merecem uma revisão, com o caminho para corrigir cada um.",
  showingFirst: (shown: number, total: number) => `Mostrando ${shown} de ${total}.`,
  allGood: "Nenhum problema encontrado.",
  fix: "Corrigir",
  view: "Ver",
  sharedCodes: "Códigos alternativos em mais de uma peça",
  sharedCodesHint:
    "O mesmo código alternativo aponta para peças diferentes: a busca mostra todas, confira se é intencional.",
  partsWithoutFitments: "Peças sem veículos compatíveis",
  partsWithoutFitmentsHint: "Ninguém encontra estas peças por veículo.",
  vehiclesWithoutParts: "Veículos sem peças",
  vehiclesWithoutPartsHint: "Veículos cadastrados que ainda não têm nenhuma peça compatível.",
  yearOutsideRange: "Compatibilidades fora da faixa de anos",
  yearOutsideRangeHint:
    "O ano do veículo está fora do intervalo “de/até” informado na compatibilidade.",
  duplicateVehicles: "Veículos duplicados",
  duplicateVehiclesHint: "Mesma marca, modelo, ano e versão (sem diferenciar maiúsculas).",
  code: "Código",
  part: "Peça",
  parts: "Peças",
  vehicle: "Veículo",
  vehicles: "Veículos",
  year: "Ano",
  range: "Faixa",
  manufacturer: "Fabricante",
  type: "Tipo",
  rangeText: (from: number | null, to: number | null) => `${from ?? "…"}–${to ?? "…"}`,
  count: (n: number) => new Intl.NumberFormat("pt-BR").format(n),
} as const;
