import { queryDatabase } from "./support";

/** Who a page is visited as: nobody, a customer (with an invoice and an API key), the admin. */
export type Role = "public" | "customer" | "admin";

/** Records the walk fills the URLs' parameters with, read from the e2e server's database. */
export type Ids = Record<
  | "part"
  | "vehicle"
  | "category"
  | "plan"
  | "customer"
  | "brand"
  | "synonym"
  | "adminInvoice"
  | "fipeJob"
  | "invoice"
  | "apiKey",
  number
>;

/**
 * One page of the walk: its route pattern (as the manifest spells it), who opens it and its URL.
 * A pattern may appear several times (tabs, a search with results and without). `status` is the
 * answer expected when it is not 200 (the 404 page, a link whose token does not exist).
 */
export type WalkPage = {
  pattern: string;
  role: Role;
  url: string | ((ids: Ids) => string);
  status?: number;
};

const each = <T extends string>(list: readonly T[], page: (item: T) => WalkPage) => list.map(page);

export const WALK: WalkPage[] = [
  // --- public -----------------------------------------------------------------------------------
  { pattern: "/", role: "public", url: "/" },
  { pattern: "/planos/:planId", role: "public", url: (ids) => `/planos/${ids.plan}` },
  { pattern: "/login", role: "public", url: "/login" },
  { pattern: "/register", role: "public", url: "/register" },
  { pattern: "/esqueci-senha", role: "public", url: "/esqueci-senha" },
  { pattern: "/redefinir-senha/:token", role: "public", url: "/redefinir-senha/token-inexistente" },
  {
    pattern: "/notificacoes/desativar/:token",
    role: "public",
    url: "/notificacoes/desativar/token-inexistente",
    status: 400,
  },
  { pattern: "/privacidade", role: "public", url: "/privacidade" },
  { pattern: "/termos", role: "public", url: "/termos" },
  { pattern: "/*", role: "public", url: "/pagina-que-nao-existe", status: 404 },

  // --- a customer -------------------------------------------------------------------------------
  { pattern: "/home", role: "customer", url: "/home" },
  { pattern: "/search", role: "customer", url: "/search" },
  { pattern: "/search", role: "customer", url: "/search?q=BKR6E&type=code" },
  { pattern: "/search", role: "customer", url: "/search?q=pastilha+freio&type=description" },
  { pattern: "/search", role: "customer", url: "/search?q=ZZ9999999&type=code" },
  { pattern: "/search/compare", role: "customer", url: "/search/compare?a=BKR6E&b=IZFR6K11" },
  { pattern: "/search/vehicle", role: "customer", url: "/search/vehicle" },
  { pattern: "/alternative-codes-demo", role: "customer", url: "/alternative-codes-demo" },
  { pattern: "/invoices", role: "customer", url: "/invoices" },
  { pattern: "/invoices/:id/pix", role: "customer", url: (ids) => `/invoices/${ids.invoice}/pix` },
  {
    pattern: "/invoices/:id/pagar",
    role: "customer",
    url: (ids) => `/invoices/${ids.invoice}/pagar`,
  },
  {
    pattern: "/invoices/:id/transferencia",
    role: "customer",
    url: (ids) => `/invoices/${ids.invoice}/transferencia`,
  },
  ...each(["planos", "conta", "seguranca", "api", "preferencias"], (tab) => ({
    pattern: "/settings",
    role: "customer",
    url: `/settings?tab=${tab}`,
  })),
  {
    pattern: "/settings/plano/:planId",
    role: "customer",
    url: (ids) => `/settings/plano/${ids.plan}`,
  },
  { pattern: "/settings/mudanca-agendada", role: "customer", url: "/settings/mudanca-agendada" },
  {
    pattern: "/settings/chaves/:id/revogar",
    role: "customer",
    url: (ids) => `/settings/chaves/${ids.apiKey}/revogar`,
  },
  { pattern: "/usage", role: "customer", url: "/usage" },
  { pattern: "/profile", role: "customer", url: "/profile" },

  // --- the admin --------------------------------------------------------------------------------
  ...each(
    ["geral", "analytics", "sistema", "atividade", "pagamentos", "seo", "empresa"],
    (tab) => ({
      pattern: "/admin",
      role: "admin",
      url: `/admin?tab=${tab}`,
    }),
  ),
  { pattern: "/admin", role: "admin", url: "/admin?tab=analytics&period=24h" },
  { pattern: "/admin-invoices", role: "admin", url: "/admin-invoices" },
  {
    pattern: "/admin-invoices/:id/mark-paid",
    role: "admin",
    url: (ids) => `/admin-invoices/${ids.adminInvoice}/mark-paid`,
  },
  { pattern: "/payment-methods", role: "admin", url: "/payment-methods" },
  { pattern: "/admin/import", role: "admin", url: "/admin/import" },
  { pattern: "/admin/import", role: "admin", url: "/admin/import?config=1" },
  { pattern: "/admin/import/limpar", role: "admin", url: "/admin/import/limpar" },
  { pattern: "/admin/data-quality", role: "admin", url: "/admin/data-quality" },
  { pattern: "/admin/synonyms", role: "admin", url: "/admin/synonyms" },
  {
    pattern: "/admin/synonyms/:id/delete",
    role: "admin",
    url: (ids) => `/admin/synonyms/${ids.synonym}/delete`,
  },
  // The admin may search too.
  { pattern: "/home", role: "admin", url: "/home" },
  // Catalogue lists, a record, and its dialogs.
  ...(
    [
      ["parts", "part"],
      ["vehicles", "vehicle"],
      ["categories", "category"],
      ["plans", "plan"],
    ] as const
  ).flatMap(([list, id]): WalkPage[] => [
    { pattern: `/${list}`, role: "admin", url: `/${list}` },
    { pattern: `/${list}/new`, role: "admin", url: `/${list}/new` },
    { pattern: `/${list}/:id/edit`, role: "admin", url: (ids) => `/${list}/${ids[id]}/edit` },
    { pattern: `/${list}/:id/delete`, role: "admin", url: (ids) => `/${list}/${ids[id]}/delete` },
  ]),
  { pattern: "/parts/:id", role: "admin", url: (ids) => `/parts/${ids.part}` },
  { pattern: "/vehicles/:id", role: "admin", url: (ids) => `/vehicles/${ids.vehicle}` },
  {
    pattern: "/vehicles/:id/compatibility",
    role: "admin",
    url: (ids) => `/vehicles/${ids.vehicle}/compatibility`,
  },
  { pattern: "/vehicles/brands", role: "admin", url: "/vehicles/brands" },
  { pattern: "/vehicles/brands/new", role: "admin", url: "/vehicles/brands/new" },
  {
    pattern: "/vehicles/brands/:id/edit",
    role: "admin",
    url: (ids) => `/vehicles/brands/${ids.brand}/edit`,
  },
  {
    pattern: "/vehicles/brands/:id/delete",
    role: "admin",
    url: (ids) => `/vehicles/brands/${ids.brand}/delete`,
  },
  { pattern: "/vehicles/import-fipe", role: "admin", url: "/vehicles/import-fipe" },
  {
    pattern: "/vehicles/import-fipe/:jobId",
    role: "admin",
    url: (ids) => `/vehicles/import-fipe/${ids.fipeJob}`,
  },
  { pattern: "/customers", role: "admin", url: "/customers" },
  ...each(
    ["new", ":id/edit", ":id/password", ":id/credits", ":id/plan", ":id/cancel", ":id/delete"],
    (dialog) => ({
      pattern: `/customers/${dialog}`,
      role: "admin",
      url: (ids: Ids) => `/customers/${dialog.replace(":id", String(ids.customer))}`,
    }),
  ),
];

const first = async (query: string): Promise<number> => {
  const [row] = await queryDatabase<{ id: number }>(query);
  if (!row) throw new Error(`a11y walk: no record for ${query}`);
  return row.id;
};

/** The catalogue's and the admin's records (the demo seed's), for the admin's and public pages. */
export async function seededIds(): Promise<Omit<Ids, "invoice" | "apiKey" | "fipeJob">> {
  return {
    part: await first("select id from parts order by id limit 1"),
    vehicle: await first("select id from vehicles order by id limit 1"),
    category: await first("select id from categories order by id limit 1"),
    plan: await first("select id from plans where status = 'active' order by id desc limit 1"),
    customer: await first("select id from users where email = 'ze@oficina.demo'"),
    brand: await first("select id from brands order by id limit 1"),
    synonym: await first("select id from search_synonyms order by id limit 1"),
    adminInvoice: await first("select id from payments order by id desc limit 1"),
  };
}
