/** The catalogue CSV file: why a file or one of its lines cannot be imported. */

const list = (names: string[]) => names.join(", ");
const megabytes = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  return mb.toLocaleString(
    "pt-BR",
    mb >= 1 ? { maximumFractionDigits: 1 } : { maximumSignificantDigits: 2 },
  );
};

/** Long values are cut in messages: the line and column already say where to look. */
const quoted = (value: string) => `"${value.length > 30 ? `${value.slice(0, 30)}…` : value}"`;

export const catalogueCsv = {
  // The whole file is refused
  emptyFile: "O arquivo CSV está vazio.",
  headerMissing: (columns: string[]) =>
    `A linha 1 deve ser o cabeçalho, com as colunas: ${list(columns)}.`,
  separatorUnknown:
    "Não foi possível identificar o separador no cabeçalho: use vírgula (,) ou ponto e vírgula (;).",
  headerInvalid: (
    problems: { missing: string[]; unknown: string[]; repeated: string[] },
    columns: string[],
  ) => {
    const parts = [
      problems.missing.length === 1 ? `falta a coluna ${problems.missing[0]}` : "",
      problems.missing.length > 1 ? `faltam as colunas ${list(problems.missing)}` : "",
      problems.unknown.length === 1 ? `coluna desconhecida: ${quoted(problems.unknown[0]!)}` : "",
      problems.unknown.length > 1
        ? `colunas desconhecidas: ${list(problems.unknown.map(quoted))}`
        : "",
      problems.repeated.length ? `coluna repetida: ${list(problems.repeated)}` : "",
    ].filter(Boolean);
    return `Cabeçalho inválido (linha 1): ${parts.join("; ")}. As colunas devem ser: ${list(columns)}.`;
  },
  tooLarge: (maxBytes: number) => `O arquivo passa do limite de ${megabytes(maxBytes)} MB.`,
  notUtf8File: 'O arquivo não está em UTF-8. Salve-o como "CSV UTF-8" e envie de novo.',
  notUtf8: (line: number, column?: string) =>
    `Linha ${line}${column ? ` (${column})` : ""}: o texto não está em UTF-8. Salve o arquivo como "CSV UTF-8" e envie de novo.`,
  unclosedQuote: (line: number) =>
    `Linha ${line}: aspas abertas que não se fecham até o fim do arquivo.`,
  recordTooLarge: (line: number, maxBytes: number) =>
    `Linha ${line}: registro com mais de ${Math.round(maxBytes / 1024)} KB; confira se alguma aspa ficou sem fechar.`,
  /** A developer's error: a csv-parse upgrade removed the step the row limits hook into. */
  parserChanged: "csv-parse mudou: os limites por linha do CSV não podem ser aplicados",
  tooManyColumns: (line: number, found: number, columns: number) =>
    `Linha ${line}: o arquivo tem ${found.toLocaleString("pt-BR")} colunas; o formato tem ${columns}.`,
  lineTooManyColumns: (line: number, max: number, columns: number) =>
    `Linha ${line}: a linha tem mais de ${max} colunas; o formato tem ${columns}.`,
  unreadable: (line: number) => `Linha ${line}: não foi possível ler o arquivo CSV a partir daqui.`,

  // One line is refused; the others go on
  rowError: (line: number, column: string, reason: string) =>
    `Linha ${line} (${column}): ${reason}`,
  columnCount: (line: number, found: number, expected: number) =>
    `Linha ${line}: a linha tem ${found} colunas, mas o cabeçalho tem ${expected}`,
  required: {
    code: "preencha o código",
    name: "preencha o nome",
    manufacturer: "preencha o fabricante",
    category: "preencha a categoria",
  },
  vehicleRequired: {
    brand: "preencha a marca ou deixe vazias todas as colunas do veículo",
    model: "preencha o modelo ou deixe vazias todas as colunas do veículo",
    year_start: "preencha o ano inicial ou deixe vazias todas as colunas do veículo",
  },
  fitmentYearStartRequired: "preencha o ano inicial da aplicação junto com o ano final",
  labels: {
    code: "código",
    name: "nome",
    manufacturer: "fabricante",
    category: "categoria",
    description: "descrição",
    alternative_codes: "código alternativo",
    brand: "marca",
    model: "modelo",
    year_start: "ano inicial",
    year_end: "ano final",
    version: "versão",
    engine: "motor",
    fuel: "combustível",
    position: "posição",
    notes: "observações",
    fitment_year_start: "ano inicial da aplicação",
    fitment_year_end: "ano final da aplicação",
  },
  tooLong: (label: string, length: number, max: number) =>
    `${label} com ${length} caracteres (máximo ${max})`,
  alternativeCodeTooLong: (code: string, max: number) =>
    `código alternativo ${quoted(code)} com ${code.length} caracteres (máximo ${max})`,
  codeWithoutLettersOrDigits: (code: string) => `código ${quoted(code)} sem letras nem números`,
  alternativeCodeWithoutLettersOrDigits: (code: string) =>
    `código alternativo ${quoted(code)} sem letras nem números`,
  invalidYear: (label: string, value: string, min: number, max: number) =>
    `${label} inválido (${quoted(value)}); use um ano de ${min} a ${max}`,
  yearEndBeforeStart: (start: number, end: number) =>
    `ano final (${end}) anterior ao ano inicial (${start})`,
  yearSpanTooLong: (start: number, end: number, maxYears: number) =>
    `intervalo de ${start} a ${end} passa de ${maxYears} anos`,
};
