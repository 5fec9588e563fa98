import { auth } from "../accounts/auth";
import { api, apiSearch } from "../api";
import { formPost } from "../common";

/**
 * The OpenAPI document's own texts (ADR 0052): its introduction, the security schemes and the
 * common refusals every operation may answer. The refusals' examples quote the API's messages.
 */
export const contractDocument = {
  info: {
    title: "API do Encaixa",
    version: "1.0.0",
    description: [
      "Catálogo de autopeças, busca por código, descrição, veículo e foto, contas, planos e pagamentos do Encaixa.",
      "",
      '**Envelope.** Toda resposta JSON vem como `{ success, data, message }`: `success` diz se deu certo, `data` traz o resultado (ou `null`), `message` é um texto em português para mostrar a uma pessoa. Uma recusa por dados inválidos traz também `errors`, as mensagens de cada campo (`{ "email": ["E-mail inválido"] }`).',
      "",
      "**Autenticação.** Envie `Authorization: Bearer <token>` com o token de sessão de `POST /api/auth/login` ou com uma chave de API (`enc_live_…`), criada em /settings?tab=api ou por `POST /api/keys`. A chave age como o seu dono, com o mesmo papel e os mesmos créditos; ela não entra nas telas.",
      "",
      "**Métodos.** Um método que o caminho não atende responde 405 no mesmo envelope, com o cabeçalho `Allow`. Um caminho desconhecido sob /api responde 404.",
      "",
      "**Escritas idempotentes.** Todo POST e PATCH aceita `Idempotency-Key`: repetir a mesma chave com o mesmo corpo devolve a primeira resposta (status e corpo) sem fazer nada de novo; a mesma chave com outro corpo é um 422; as chaves valem 24 h por usuário.",
      "",
      "**Limites.** Cada chave de API tem um ritmo de requisições por segundo; passado dele, 429 com `Retry-After`. As buscas gastam créditos do dia: suas respostas trazem `RateLimit-Policy` e `RateLimit` (rascunho da IETF) e, sem créditos, 402 com a hora em que eles voltam.",
      "",
      "Datas em ISO 8601 (UTC), valores em reais (número com duas casas).",
    ].join("\n"),
  },

  security: {
    sessionToken:
      "Token de sessão: o `token` devolvido por `POST /api/auth/login`. Vale até o logout ou até expirar.",
    apiKey:
      "Chave de API (`enc_live_…`), criada em /settings?tab=api (clientes de plano pago e administradores) ou por `POST /api/keys`. Mostrada uma vez; revogada, responde 401 na hora.",
  },

  headers: {
    retryAfter: "Segundos a esperar antes de tentar de novo.",
    rateLimit:
      'O que resta de cada cota (rascunho IETF RateLimit), separadas por vírgula: `"creditos";r=<buscas restantes>;t=<segundos até 00:00 de Brasília>` nas buscas (nenhuma em contas ilimitadas) e `"chave";r=<restantes>;t=<segundos>` para uma chave de API.',
    rateLimitPolicy:
      'As cotas aplicadas (rascunho IETF RateLimit): `"creditos";q=<buscas por dia>;w=86400` e, para uma chave de API, `"chave";q=20;w=2`.',
    location: "Para onde seguir.",
  },

  refusals: {
    badRequest: {
      description:
        "Dados inválidos: corpo, query string ou parâmetro de caminho fora das regras; `errors` traz as mensagens de cada campo.",
      message: api.invalidData,
      errors: { limit: [apiSearch.invalidLimit(1, 100)] },
    },
    unauthorized: {
      description: "Sem credencial, ou com um token expirado, encerrado ou revogado.",
      message: auth.authRequired,
    },
    forbidden: {
      description: "Credencial válida, mas o papel do usuário não tem acesso a esta operação.",
      message: auth.forbidden,
    },
    notFound: {
      description: "O registro indicado no caminho não existe.",
      message: api.notFound,
    },
    methodNotAllowed: {
      description: "O caminho não atende este método (cabeçalho `Allow` traz os que atende).",
      message: api.methodNotAllowed,
    },
    tooLarge: {
      description: "Corpo, campo ou arquivo acima do limite.",
      message: formPost.bodyTooLarge("1 MB"),
    },
    unsupportedMediaType: {
      description: "Corpo que não é JSON: envie `Content-Type: application/json`.",
      message: api.jsonRequired,
    },
    tooManyRequests: {
      description: "Requisições demais em pouco tempo; `Retry-After` diz quando tentar de novo.",
      message: "Muitas requisições. Tente novamente em alguns segundos.",
    },
    paymentRequired: {
      description: "Sem créditos de busca hoje; `data.resets_at` diz quando eles voltam.",
      message: "Seus créditos de busca acabaram por hoje",
    },
    alsoCommon: "Também:",
    access: "Acesso:",
    anyone: "público",
    signedIn: "qualquer usuário autenticado",
  },

  /** The 2xx answers' own words when a description leaves one out. */
} as const;
