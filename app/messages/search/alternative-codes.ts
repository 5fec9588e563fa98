/** The alternative-codes demo page. */

export const altDemo = {
  title: "Códigos alternativos",
  subtitle:
    "Uma mesma peça tem o código do fabricante, o código original da montadora e os códigos equivalentes de outras marcas. Qualquer um deles leva à peça.",
  samples: "Experimente um código de exemplo",
  inputLabel: "Código alternativo",
  placeholder: "Ex.: TRW-BR123",
  button: "Buscar",
  empty: "Digite um código para buscar",
  notFound: "Nenhuma peça encontrada com esse código",
  tableTitle: "Estrutura da tabela part_alternative_codes",
  columns: [
    ["id", "inteiro", "Identificador do código alternativo"],
    ["part_id", "inteiro", "Peça a que o código leva"],
    ["alternative_code", "texto (até 100)", "Código como está na caixa ou no catálogo"],
    ["alternative_code_norm", "texto", "Código simplificado: só letras maiúsculas e dígitos"],
    ["description", "texto, opcional", "De onde vem o código (ex.: Código original VW)"],
    ["created_at", "data e hora", "Quando foi cadastrado"],
    ["updated_at", "data e hora", "Última alteração"],
  ] as const,
  column: "Coluna",
  type: "Tipo",
  meaning: "Significado",
} as const;
