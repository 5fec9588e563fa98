/** Admin catalogue: brands, vehicles, categories and compatibility. */

import { countOf, plural } from "../locale/plural";

export const catalogue = {
  categoriesTitle: "Categorias",
  categoriesSubtitle: "Organize as peças do catálogo por categoria.",
  newCategory: "Nova Categoria",
  editCategory: "Editar Categoria",
  deleteCategory: "Excluir Categoria",
  name: "Nome",
  description: "Descrição",
  noDescription: "Sem descrição",
  partsCount: "Peças",
  createdAt: "Criada em",
  viewParts: "Ver peças",
  searchCategories: "Buscar por nome ou descrição",
  noCategories: "Nenhuma categoria encontrada",
  categoryNameRequired: "Nome da categoria é obrigatório",
  categoryNameTaken: "Já existe uma categoria com este nome",
  categoryNotFound: "Categoria não encontrada",
  categoryCreated: "Categoria criada com sucesso",
  categoryUpdated: "Categoria atualizada com sucesso",
  categoryDeleted: "Categoria excluída com sucesso",
  confirmDeleteCategory: (name: string) =>
    `Tem certeza que deseja excluir a categoria "${name}"? Esta ação não pode ser desfeita.`,
  categoryInUse: (n: number) =>
    n === 1
      ? "Não é possível excluir: 1 peça usa esta categoria. Mova-a para outra categoria antes."
      : `Não é possível excluir: ${countOf(n, { one: "peça", other: "peças" })} usam esta categoria. Mova-as para outra categoria antes.`,
  brandsTitle: "Gerenciar Marcas",
  brandsSubtitle: "As marcas oferecidas no cadastro e nos filtros de veículos.",
  newBrand: "Nova Marca",
  editBrand: "Editar Marca",
  deleteBrand: "Excluir Marca",
  id: "ID",
  vehiclesCount: "Veículos",
  noBrands: "Nenhuma marca cadastrada",
  brandNameInvalid: "Nome inválido",
  brandNameTaken: "Já existe uma marca com este nome",
  brandNotFound: "Marca não encontrada",
  brandCreated: "Marca criada com sucesso",
  brandUpdated: "Marca atualizada com sucesso",
  brandDeleted: "Marca excluída com sucesso",
  brandRenameHint: "Renomear a marca também atualiza os veículos que a usam.",
  confirmDeleteBrand: (name: string) =>
    `Tem certeza que deseja excluir a marca "${name}"? Esta ação não pode ser desfeita.`,
  brandInUse: (n: number) =>
    n === 1
      ? "Não é possível excluir: 1 veículo usa esta marca. Altere a marca desse veículo antes."
      : `Não é possível excluir: ${countOf(n, { one: "veículo", other: "veículos" })} usam esta marca. Altere a marca desses veículos antes.`,
  vehiclesTitle: "Gerenciamento de Veículos",
  vehiclesSubtitle: "Veículos do catálogo e as peças compatíveis com cada um.",
  vehicleTypeLabel: "Tipo de veículo",
  vehicleTypes: { carros: "Carros", motos: "Motos", caminhoes: "Caminhões" },
  importFipe: "Importar FIPE",
  manageBrands: "Gerenciar Marcas",
  newVehicle: "Novo Veículo",
  editVehicle: "Editar Veículo",
  deleteVehicle: "Excluir Veículo",
  compatibility: "Compatibilidade",
  vehicle: "Veículo",
  brand: "Marca",
  model: "Modelo",
  year: "Ano",
  version: "Versão",
  generation: "Geração",
  engine: "Motor",
  fuel: "Combustível",
  transmission: "Câmbio",
  bodyType: "Carroceria",
  compatibleParts: "Peças compatíveis",
  choose: "Selecione...",
  notInformed: "Não informado",
  searchVehicles: "Buscar por marca, modelo, versão ou motor",
  allBrands: "Todas as marcas",
  allYears: "Todos os anos",
  noVehicles: "Nenhum veículo encontrado",
  vehiclesFound: (n: number) => countOf(n, { one: "veículo", other: "veículos" }),
  vehiclesPagination: "Paginação dos veículos",
  vehicleRequired: "Preencha os campos obrigatórios",
  yearRange: (min: number, max: number) => `O ano deve estar entre ${min} e ${max}`,
  invalidOption: "Opção inválida",
  vehicleNotFound: "Veículo não encontrado",
  vehicleCreated: "Veículo criado com sucesso",
  vehicleUpdated: "Veículo atualizado com sucesso",
  vehicleDeleted: "Veículo excluído com sucesso",
  vehicleCreateFailed: "Erro ao criar veículo",
  vehicleUpdateFailed: "Erro ao atualizar veículo",
  confirmDeleteVehicle: (label: string, fitments: number) =>
    fitments > 0
      ? `Tem certeza que deseja excluir o veículo "${label}"? ${
          fitments === 1
            ? "A compatibilidade com peças deste veículo também será removida."
            : `As ${countOf(fitments, { one: "compatibilidade", other: "compatibilidades" })} com peças deste veículo também serão removidas.`
        } Esta ação não pode ser desfeita.`
      : `Tem certeza que deseja excluir o veículo "${label}"? Ele não tem peças compatíveis. Esta ação não pode ser desfeita.`,
  compatibilityTitle: (label: string) => `Compatibilidade — ${label}`,
  compatibilityHint: "Marque as peças que servem neste veículo e clique em Salvar.",
  compatibilitySaved: "Compatibilidade salva com sucesso",
  searchPartsLabel: "Buscar peça por código ou nome",
  searchPartsButton: "Buscar peças",
  partsResults: (n: number) => countOf(n, { one: "peça encontrada", other: "peças encontradas" }),
  partsPage: (page: number, pages: number) => `Página ${page} de ${pages}`,
  selectedParts: (n: number) => `Peças selecionadas (${n})`,
  noSelectedParts: "Nenhuma peça selecionada",
  noPartsFound: "Nenhuma peça encontrada",
  alreadySelected: "Já selecionada",
  invalidParts: "Uma ou mais peças escolhidas não existem mais",
  seePart: "Ver Peça",
  backToVehicles: "Voltar aos veículos",
  code: "Código",
  category: "Categoria",
  manufacturer: "Fabricante",
  notes: "Observações",
  noCategory: "Sem categoria",
  noCompatibleParts: "Nenhuma peça compatível cadastrada",
  invalidLimit: (max: number) => `O limite deve ser um número inteiro entre 1 e ${max}`,
  invalidOffset: "O deslocamento (offset) deve ser um número inteiro a partir de 0",
  /** The landing's six categories while the catalogue has none. */
  defaultFeatured: {
    brakes: "Freios",
    engine: "Motor",
    suspension: "Suspensão",
    electrical: "Elétrica",
    transmission: "Transmissão",
    filters: "Filtros",
  },

  // The activity log
  activityBrandCreated: (name: string) => `Criou a marca ${name}`,
  activityBrandRenamed: (from: string, to: string, vehicles: number) =>
    `Renomeou a marca ${from} para ${to} (${countOf(vehicles, { one: "veículo atualizado", other: "veículos atualizados" })})`,
  activityBrandDeleted: (name: string) => `Excluiu a marca ${name}`,
  activityCategoryCreated: (name: string) => `Criou a categoria ${name}`,
  /** `previousName` when the category was renamed. */
  activityCategoryUpdated: (name: string, previousName: string | null) =>
    `Atualizou a categoria ${name}${previousName === null ? "" : ` (antes: ${previousName})`}`,
  activityCategoryDeleted: (name: string) => `Excluiu a categoria ${name}`,
  activityVehicleCreated: (label: string) => `Criou o veículo ${label}`,
  activityVehicleUpdated: (label: string) => `Atualizou o veículo ${label}`,
  activityVehicleDeleted: (label: string, fitments: number) =>
    `Excluiu o veículo ${label} e ${countOf(fitments, { one: "compatibilidade", other: "compatibilidades" })}`,
  activityFitmentsUpdated: (label: string, added: number, removed: number) =>
    `Atualizou a compatibilidade do veículo ${label}: ${countOf(added, { one: "peça adicionada", other: "peças adicionadas" })}, ${removed} ${plural(removed, { one: "removida", other: "removidas" })}`,
} as const;
