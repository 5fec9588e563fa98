/** Widgets shared by the admin screens (tables, filters, forms, confirmations). */

export const admin = {
  cancel: "Cancelar",
  save: "Salvar",
  saving: "Salvando...",
  create: "Adicionar",
  edit: "Editar",
  delete: "Excluir",
  deleting: "Excluindo...",
  confirmDelete: "Sim, excluir",
  details: "Detalhes",
  actions: "Ações",
  back: "Voltar",
  search: "Buscar",
  filter: "Filtrar",
  clearFilters: "Limpar filtros",
  all: "Todos",
  notFound: "Registro não encontrado",
} as const;
