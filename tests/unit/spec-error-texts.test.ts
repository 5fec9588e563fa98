import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as messages from "~/messages";

/**
 * Every text the specs' error catalogues quote (admin-back-office.md §8, public-and-user-area.md
 * §8) is either a key of the pt-BR catalogue that app code outside app/messages reads — so it shows
 * where its failure happens, never defined-but-unused — or named here as impossible in this
 * product, with the reason (ADR 0062).
 */

type Entry = { key: string } | { impossible: string };

/** The spec's browser-side HTTP helper and its network errors: this product renders on the server. */
const CLIENT_HELPER =
  "the spec's browser HTTP helper (fetch + token in local storage, JSON parsing, CORS, timeouts, retries over alternative connections): pages here are rendered by the server and forms post without JavaScript; a failed client navigation shows routeErrors.network";
const NO_SAMPLE_DATA =
  "the spec falls back to invented sample data; a list here never shows data it did not read (its error boundary says the load failed)";
const ONE_LOADER =
  "the spec's screen loads its data in several client requests and processes it in the browser; here one loader reads it all, so it fails as a whole (the list's load failure text)";
const SERVER_SEARCH =
  "the spec's search screen calls the API from the browser; here the search runs in the page's loader, its refusals carry their own texts and an unexpected failure is the shell's error page";

const SPEC_TEXTS: Record<string, Entry> = {
  // admin-back-office.md §8 — Parts
  "Erro ao carregar dados do servidor. Verifique sua conexão.": { key: "failures.partsLoad" },
  "Alguns dados podem estar indisponíveis (n/m falhas)": { impossible: ONE_LOADER },
  "Erro ao processar dados carregados": { impossible: ONE_LOADER },
  "Erro ao buscar peças": { impossible: ONE_LOADER },
  "Peça criada com sucesso": { key: "parts.created" },
  "Peça atualizada com sucesso": { key: "parts.updated" },
  "Peça excluída com sucesso": { key: "parts.deleted" },
  "Erro ao criar peça": { key: "failures.partCreate" },
  "Erro ao atualizar peça": { key: "failures.partUpdate" },
  "Erro ao excluir peça": { key: "failures.partDelete" },
  "Tem certeza que deseja excluir esta peça?": { key: "parts.deleteConfirm" },
  // Categories
  "Erro ao carregar categorias. Usando dados de exemplo.": { impossible: NO_SAMPLE_DATA },
  // Vehicles
  "Não foi possível obter marcas da FIPE": { key: "fipe.brandsFailed" },
  "Importação FIPE concluída. Marcas: n. Registros: n.": { key: "fipe.completed" },
  "Erro ao importar FIPE": { key: "fipe.importFailed" },
  // Customers and plans
  "Erro ao carregar clientes": { key: "customersAdmin.loadFailed" },
  "Erro ao carregar planos": { key: "plansAdmin.loadFailed" },
  "Cliente criado com sucesso": { key: "customersAdmin.created" },
  "Créditos atualizados com sucesso": { key: "customersAdmin.creditsUpdated" },
  "Plano atribuído com sucesso": { key: "customersAdmin.planAssigned" },
  "Assinatura cancelada com sucesso": { key: "customersAdmin.subscriptionCancelled" },
  "Senha alterada com sucesso": { key: "customersAdmin.passwordChanged" },
  "Erro ao ...": { impossible: "a pattern the spec abbreviates, not a text" },
  "Erro ao adicionar créditos": { key: "failures.addCredits" },
  // Invoices and payments
  "Erro ao carregar faturas": { key: "invoicesAdmin.loadFailed" },
  "Falha ao sincronizar": { key: "payments.syncFailed" },
  "Falha ao atualizar": { impossible: "'only logged' in the spec: no screen shows it" },
  "Pagamento via Mercado Pago indisponível para esta fatura": {
    key: "payments.mercadoPagoUnavailable",
  },
  "PagHiper não configurado. Configure em Admin > Pagamentos.": {
    key: "payments.pagHiperNotConfigured",
  },
  "Falha no teste de conexão": { key: "payments.testFailed" },
  "Falha ao criar PIX": { key: "payments.pixFailed" },
  "Usuário não autenticado": {
    impossible:
      "the spec's subscribe call without a token; here the guard answers first, with the spec's 401 texts (auth.authRequired, auth.sessionExpired)",
  },
  "Erro ao processar assinatura": { key: "planChange.failed" },
  // Dashboard and settings
  "Erro ao carregar dados do dashboard": { key: "dashboard.loadFailed" },
  "Erro ao carregar métricas do sistema": { key: "failures.systemMetrics" },
  "Falha ao carregar marcas": { key: "failures.brandsLoad" },
  "Erro ao salvar marca": { key: "failures.brandSave" },
  "Erro ao excluir marca": { key: "failures.brandDelete" },
  // Import
  "Erro ao iniciar importação": { key: "catalogueImport.startFailed" },
  "Erro ao limpar dados": { key: "catalogueImport.clearFailed" },
  // Connectivity test (both specs)
  "API conectada: {message}": { key: "auth.apiPingOk" },
  "API respondeu com erro: {status}": { key: "auth.apiPingFailed" },
  "Erro ao conectar com a API: {message}": { key: "auth.apiPingUnreachable" },
  // Detail pages
  "Peça não encontrada": { key: "parts.notFound" },
  "Veículo não encontrado": { key: "catalogue.vehicleNotFound" },
  // public-and-user-area.md §8
  "Sua sessão expirou. Faça login novamente.": { key: "auth.sessionExpired" },
  "Autenticação necessária. Faça login novamente.": { key: "auth.authRequired" },
  "Erro de rede: não foi possível conectar ao servidor": { key: "routeErrors.network" },
  "Verifique sua conexão de internet.": { key: "routeErrors.network" },
  "Erro ao fazer parse do JSON": { key: "api.invalidJson" },
  "Erro ao fazer login": { key: "auth.loginFailed" },
  "Login realizado com sucesso!": { key: "auth.loginSuccess" },
  "Conta criada com sucesso!": { key: "auth.registerSuccess" },
  "Perfil atualizado com sucesso!": { key: "profile.updated" },
  "Logout realizado com sucesso": { key: "auth.logoutSuccess" },
  "Você esgotou seus créditos de busca diários. Faça upgrade do seu plano para continuar.": {
    key: "search.exhausted",
  },
  "Nenhuma peça encontrada com esse código": { key: "search.noResultCode" },
  "Nenhuma peça encontrada com essa descrição": { key: "search.noResultDescription" },
  "Peça encontrada!": { key: "search.foundOne" },
  "Não foi possível carregar os planos": { key: "landing.plansLoadFailed" },
  "Erro {status}: {server message or status text or Erro desconhecido}": {
    impossible: CLIENT_HELPER,
  },
  "Erro de conexão: verifique sua conexão com a internet": { impossible: CLIENT_HELPER },
  "Erro de resposta: formato de dados inválido do servidor": { impossible: CLIENT_HELPER },
  "Erro ao processar resposta do servidor": { impossible: CLIENT_HELPER },
  "Request timeout after N seconds": { impossible: CLIENT_HELPER },
  "Tempo limite excedido: o servidor demorou muito para responder. Tente novamente.": {
    impossible: CLIENT_HELPER,
  },
  "Erro do servidor: resposta inválida recebida...": { impossible: CLIENT_HELPER },
  "Erro de comunicação: falha na conexão alternativa com o servidor.": {
    impossible: CLIENT_HELPER,
  },
  "Falha em todas as tentativas de conexão com o servidor...": { impossible: CLIENT_HELPER },
  "Erro inesperado: {message}": { impossible: CLIENT_HELPER },
  "Resposta vazia do servidor": { impossible: CLIENT_HELPER },
  "Resposta não é JSON": { impossible: CLIENT_HELPER },
  "HTTP {status}: ...": { impossible: CLIENT_HELPER },
  "Timeout na requisição": { impossible: CLIENT_HELPER },
  "Erro de rede ou CORS": { impossible: CLIENT_HELPER },
  "Erro desconhecido": { impossible: CLIENT_HELPER },
  "Token de autenticação não encontrado": { impossible: CLIENT_HELPER },
  "Erro ao fazer login. Verifique suas credenciais.": {
    impossible:
      "the spec's toast variant of the login failure; the form here shows the server's own text on the form (auth.loginFailed when it has none)",
  },
  "Erro ao criar conta": {
    impossible:
      "registration's refusals carry their own texts (e-mail taken, sign-up limit); an unexpected failure is the root's error page, the form being outside the shell",
  },
  "Erro ao atualizar perfil": {
    impossible:
      "the profile's refusals carry their own texts (wrong password, e-mail taken); an unexpected failure is the shell's error page",
  },
  "Erro ao buscar peça. Tente novamente.": { impossible: SERVER_SEARCH },
  "Erro ao buscar por descrição. Tente novamente.": { impossible: SERVER_SEARCH },
  "Erro ao filtrar peças. Tente novamente.": { impossible: SERVER_SEARCH },
  "Resposta inválida do servidor": { impossible: SERVER_SEARCH },
  "Busca por imagem em desenvolvimento. Tente buscar por código ou descrição.": {
    impossible: "search by photo is built (OCR): the placeholder no longer applies",
  },
  "Erro ao salvar credenciais": {
    impossible:
      "saving a gateway's credentials answers with its refusal's own text (a provider that refuses them, a missing field); see the Pagamentos tab",
  },
  "Falha ao salvar configuração": {
    impossible: "as 'Erro ao salvar credenciais': the save answers with its refusal's own text",
  },
  "Falha ao recarregar": {
    impossible: "the spec's client reload button; here 'Atualizar' is a link that loads the page",
  },
  "Falha ao salvar": {
    impossible: "the SEO and Empresa forms answer with their field errors, in pt-BR, values kept",
  },
};

const SAMPLE_ARGS = ["{a}", "{b}", "{c}", "{d}"];

/** The text a key holds: a string, or what its function builds from sample arguments. */
function textAt(key: string): string | undefined {
  let value: unknown = messages;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value === "function")
    value = (value as (...args: string[]) => unknown)(...SAMPLE_ARGS);
  return typeof value === "string" ? value : undefined;
}

/** The spec's text up to its first placeholder ({message}, n, N, "..."). */
function fixedPart(text: string): string {
  return text.split(/\{|\.\.\.| n\b| N\b/)[0]!.trim();
}

const APP = path.resolve("app");
const MESSAGES = path.join(APP, "messages");
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === MESSAGES ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
const code = sources(APP).map((file) => fs.readFileSync(file, "utf8"));

/** Read from app code: one file names the area (`messages.area`) and the key's last name. */
function isRead(key: string): boolean {
  const parts = key.split(".");
  const area = new RegExp(`\\bmessages\\.${parts[0]}\\b`);
  const name = new RegExp(`\\b${parts.at(-1)}\\b`);
  return code.some((text) => area.test(text) && name.test(text));
}

const keyed = Object.entries(SPEC_TEXTS).flatMap(([text, entry]) =>
  "key" in entry ? [[text, entry.key] as const] : [],
);

describe("the specs' error catalogues", () => {
  it.each(keyed)("%s: the catalogue holds it (%s)", (text, key) => {
    expect(textAt(key)).toContain(fixedPart(text));
  });

  it("every such key is read by app code outside app/messages (none defined but unused)", () => {
    const unread = keyed.filter(([, key]) => !isRead(key)).map(([text, key]) => `${key} (${text})`);
    expect(unread).toEqual([]);
  });

  it("each text named impossible says why", () => {
    for (const entry of Object.values(SPEC_TEXTS))
      if ("impossible" in entry) expect(entry.impossible.length).toBeGreaterThan(20);
  });
});
