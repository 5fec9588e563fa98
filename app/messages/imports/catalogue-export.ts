/** The catalogue's CSV export: its two files (ADR 0053), on /admin/import and in the /api contract. */

export const catalogueExport = {
  // On /admin/import, next to the import
  standardHint: "Separado por vírgula, para sistemas e planilhas em inglês.",
  excelButton: "CSV para Excel",
  excelHint: "Separado por ponto e vírgula, abre em colunas no Excel em português.",
  formatInvalid: 'Formato de exportação desconhecido: use "padrao" ou "excel".',

  // The /api contract
  tag: "Importação",
  summary: "Exporta o catálogo inteiro em CSV",
  description:
    "As colunas da importação de CSV, uma linha por faixa de anos de cada compatibilidade: importar o arquivo exportado, mesmo em simulação, não muda nada. `formato=excel` separa por ponto e vírgula, começa com BOM UTF-8 e protege células que começam com `=`, `+`, `-` ou `@` com um apóstrofo, que a importação retira.",
  formatParam:
    '"padrao" (vírgula, valores como gravados) ou "excel" (ponto e vírgula, BOM, apóstrofo antes de fórmulas).',
  answer: "O arquivo CSV, enviado em partes enquanto é lido (Content-Disposition: attachment).",
};
