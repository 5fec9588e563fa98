/** The /api contract's texts for the search endpoints (codes, comparison, photo, vehicles): /api/docs reads them. */

export const contractSearch = {
  tag: "Busca",
  metered:
    "Consome uma busca do dia (mesmas regras da tela de busca); os créditos restantes vêm nos cabeçalhos `X-Remaining-Searches`, `X-Search-Charged`, `X-Low-Credits` e `X-Search-Type`. Sem buscas no dia: 402.",
  byCode: "Busca a peça pelo próprio código",
  byCodeDescription:
    "A peça cujo próprio código é este, em qualquer grafia (`w712/95` acha `W 712/95`). Um código que só existe como código alternativo de outra peça não é a peça: é 404, e a busca por ele é `GET /api/parts/search`. Consome uma busca só quando a peça existe.",
  byCodeFound: "A peça do código",
  byCodeEmpty: "Código vazio ou sem letras nem números",
  byCodeNotFound: "Nenhuma peça tem este código",
  search: "Busca peças por código ou descrição",
  searchDescription:
    "A busca da tela de busca pela API. `type` escolhe código ou descrição (sem ele, a consulta decide). Outra página ou um filtro mais estreito de uma busca feita hoje não consome outra busca. `data` é a página de peças; ao lado dele vêm `total`, `page`, `per_page`, `pages` e, numa descrição, `understood`, `facets` e `suggestions`.",
  searchFound: "A página de peças encontradas (pode ser vazia)",
  searchInvalid: "Consulta vazia ou parâmetro inválido (em `errors`)",
  compare: "Compara duas peças: A e B são intercambiáveis?",
  compareDescription:
    "O veredito (`verdict_kind`, `verdict`), a peça a que cada código leva e os veículos em comum e os que só uma atende, cada lista cortada em `list_limit` com seu total exato em `totals`. Consome uma busca só quando os dois códigos existem; um código que não leva a nenhuma peça é um 200 com veredito `not_found`.",
  compared: "A comparação",
  compareInvalid: "Código ausente, longo demais ou sem letras nem números (em `errors`)",
  image: "Busca a peça pela foto do código",
  imageDescription:
    "Lê o código impresso na foto (campo `image`, até 10 MB) e busca como um código digitado. Consome uma busca só quando uma peça é encontrada. Uma foto por vez por usuário.",
  imageFound: "O que foi lido e as peças encontradas (pode ser vazia)",
  imageInvalid: "Sem foto, arquivo que não é imagem ou foto em que nenhum código foi lido",
  imageTooLarge: "Foto maior que 10 MB",
  imageBusy: "Outra foto deste usuário ainda está sendo lida",
  imageUnavailable: "Leitura de fotos ocupada ou demorada demais: tente de novo em instantes",
  byPart: "Lista os veículos em que uma peça serve",
  byPartDescription:
    "Os veículos compatíveis com a peça, uma página por vez, com a posição, o lado, os anos e as observações de cada compatibilidade.",
  byPartFound: "Uma página dos veículos",
  byPartNotFound: "Peça não encontrada",
  vehicleSearch: "Lista os veículos do catálogo (administração)",
  vehicleSearchDescription:
    "Uma janela da lista de veículos, filtrada por texto (`q`), marca, ano e tipo; `total` conta todos os encontrados. `limit` acima de 100 vale 100.",
  vehicleSearchFound: "Os veículos da janela pedida",
  queryInvalid: "Parâmetro inválido (em `errors`)",
  exhausted: "Sem buscas no dia: `remaining_searches` é 0 e o cabeçalho diz quando voltam",
};
