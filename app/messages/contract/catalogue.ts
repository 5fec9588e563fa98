/** The /api contract's texts for the catalogue endpoints (parts, categories, vehicles, brands): /api/docs reads them. */

export const contractCatalogue = {
  tags: { catalogue: "Catálogo", vehicles: "Veículos" },
  parts: {
    list: "Lista as peças do catálogo (administração)",
    listDescription:
      "Uma janela da lista de peças, filtrada por código (em qualquer grafia, próprio ou alternativo), nome, fabricante e categoria. `total` conta todas as peças encontradas; `limit` acima de 100 vale 100. Não consome buscas: é a lista do painel.",
    create: "Cadastra uma peça",
    createDescription:
      "Cria a peça com seus campos e, se enviados, os veículos compatíveis (`compatible_vehicle_ids`). Responde a peça como `GET /api/parts/{id}` a mostra.",
    get: "Detalha uma peça",
    getDescription:
      "A peça com seus códigos alternativos, `compat_count` e a primeira página dos veículos compatíveis (as demais: `GET /api/vehicles/by-part/{partId}`). Não consome buscas: detalha uma peça que uma busca já encontrou.",
    update: "Atualiza uma peça",
    updateDescription:
      "Substitui os campos da peça; os veículos só mudam quando `compatible_vehicle_ids` é enviado (os que ficam mantêm suas observações).",
    remove: "Exclui uma peça",
    removeDescription: "Exclui a peça com seus códigos alternativos e compatibilidades.",
    created: "Peça criada",
    found: "A peça",
    saved: "Peça atualizada",
    removed: "Peça excluída",
    list200: "As peças da janela pedida",
    notFound: "Peça não encontrada",
    duplicate: "Já existe uma peça com este código neste fabricante",
    invalid: "Campos inválidos, ou categoria ou veículo inexistente (em `errors`)",
  },
  alternativeCodes: {
    list: "Lista os códigos alternativos de uma peça",
    listDescription: "Os códigos alternativos da peça, na ordem em que foram cadastrados.",
    add: "Adiciona um código alternativo a uma peça",
    remove: "Remove um código alternativo de uma peça",
    removeDescription:
      "O código pode vir em qualquer grafia (`TRW-BR123`, `trw br123`): vale o código normalizado.",
    listed: "Os códigos alternativos",
    added: "Código alternativo adicionado",
    removed: "Código alternativo removido",
    duplicate: "O código já está cadastrado nesta peça",
    notFound: "Peça ou código alternativo não encontrado",
  },
  fitments: {
    link: "Liga um veículo a uma peça",
    linkDescription:
      "Liga o veículo à peça com observações opcionais; se já estiverem ligados, atualiza as observações (200).",
    linked: "Veículo ligado à peça",
    notesUpdated: "Observações da compatibilidade atualizadas",
    unlink: "Desliga um veículo de uma peça",
    unlinked: "Veículo desligado da peça",
    notFound: "Peça ou compatibilidade não encontrada",
    invalid: "Veículo inexistente ou observações longas demais (em `errors`)",
  },
  categories: {
    list: "Lista as categorias de peças",
    listDescription:
      "Todas as categorias com a contagem de peças, filtradas por nome com `q`. Qualquer usuário conectado: a busca de peças filtra por `category_id`.",
    create: "Cria uma categoria",
    get: "Detalha uma categoria",
    update: "Atualiza uma categoria",
    remove: "Exclui uma categoria",
    removeDescription: "Só uma categoria sem peças pode ser excluída.",
    listed: "As categorias",
    created: "Categoria criada",
    found: "A categoria",
    saved: "Categoria atualizada",
    removed: "Categoria excluída",
    notFound: "Categoria não encontrada",
    inUse: "A categoria ainda tem peças",
    invalid: "Nome ausente ou já usado por outra categoria (em `errors`)",
  },
  brands: {
    list: "Lista as marcas de veículos com seus ids",
    listDescription:
      "As marcas cadastradas, com quantos veículos usam cada uma. Só os nomes, para qualquer usuário: `GET /api/vehicles/brands`.",
    create: "Cadastra uma marca",
    get: "Detalha uma marca",
    update: "Renomeia uma marca",
    updateDescription: "Renomeia a marca e os veículos que a usam; `vehicles_renamed` diz quantos.",
    remove: "Exclui uma marca",
    removeDescription: "Só uma marca que nenhum veículo usa pode ser excluída.",
    listed: "As marcas",
    created: "Marca criada",
    found: "A marca",
    saved: "Marca renomeada",
    removed: "Marca excluída",
    notFound: "Marca não encontrada",
    inUse: "A marca ainda é usada por veículos",
    invalid: "Nome ausente ou já usado por outra marca (em `errors`)",
  },
  vehicles: {
    create: "Cadastra um veículo",
    get: "Detalha um veículo com as peças compatíveis",
    getDescription:
      "O veículo e as peças que servem nele (administração: lista peças sem consumir buscas).",
    update: "Atualiza um veículo",
    updateDescription:
      "Substitui os campos do veículo e, se enviado, o conjunto de peças compatíveis (`compatible_part_ids`).",
    remove: "Exclui um veículo",
    removeDescription:
      "Exclui o veículo com suas compatibilidades; `removed_compatibilities` diz quantas.",
    brandNames: "Lista os nomes das marcas de veículos",
    brandNamesDescription:
      "As marcas cadastradas e as que os veículos usam, em ordem alfabética (pt-BR).",
    years: "Lista os anos dos veículos cadastrados",
    yearsDescription:
      "Os anos em que há veículos, do mais recente ao mais antigo: o filtro de ano da lista.",
    created: "Veículo criado",
    found: "O veículo",
    saved: "Veículo atualizado",
    removed: "Veículo excluído",
    brandNamesListed: "Os nomes das marcas",
    yearsListed: "Os anos",
    notFound: "Veículo não encontrado",
    duplicate: "Já existe um veículo igual",
    invalid: "Campos inválidos ou peça inexistente (em `errors`)",
  },
};
