import type { CustomerView } from "~/api/views/customers";
import type { ImportStatusView } from "~/api/views/imports";
import type { InvoiceAdminView, MyInvoiceView, PixView } from "~/api/views/payments";
import type { PlanAdminView, PlanView } from "~/api/views/plans";
import type { ProfileView, SignedInView, UserView } from "~/api/views/users";

/**
 * The examples of the accounts, payments and imports endpoints: a customer of the demo, his plan,
 * invoice and PIX, an import under way; typed by the views' schemas so they cannot drift.
 */

const at = "2026-11-20T13:45:00.000Z";

export const sampleUser: UserView = {
  id: 42,
  name: "José da Silva",
  email: "jose@autopecasdosilva.com.br",
  role: "premium_user",
  created_at: at,
};

export const sampleProfile: ProfileView = {
  user: sampleUser,
  subscription: {
    plan_id: 2,
    plan_name: "Profissional",
    expires_at: "2026-12-20T13:45:00.000Z",
    credits_per_month: 1500,
  },
  searchStats: {
    searches_today: 12,
    remaining_searches: 38,
    total_searches: 873,
    daily_allowance: 50,
    credits_balance: 0,
  },
};

export const sampleSignedIn: SignedInView = {
  user: sampleUser,
  subscription: sampleProfile.subscription,
  token: "8f14e45fceea167a5a36dedd4bea2543",
  expires_at: "2026-12-20T13:45:00.000Z",
  device_token: "c9f0f895fb98ab9159f51fd0297e236d",
};

export const sampleCustomer: CustomerView = {
  id: 42,
  name: "José da Silva",
  email: "jose@autopecasdosilva.com.br",
  phone: "(11) 98765-4321",
  company: "Auto Peças do Silva",
  role: "premium",
  customer_type: "premium",
  account_role: "premium_user",
  status: "active",
  notes: null,
  credits_balance: 0,
  remaining_searches: 38,
  daily_allowance: 50,
  total_spent: 297,
  last_consultation_date: at,
  created_at: "2026-03-02T10:00:00.000Z",
  subscription: {
    id: 17,
    plan_id: 2,
    plan_name: "Profissional",
    status: "active",
    payment_method: "pix",
    started_at: "2026-11-20T13:45:00.000Z",
    expires_at: "2026-12-20T13:45:00.000Z",
  },
};

export const samplePlan: PlanView = {
  id: 2,
  name: "Profissional",
  description: "Para oficinas e balcões com consulta diária",
  price: 99,
  credits_per_month: 1500,
  customers_count: 64,
  status: "active",
  features: ["50 buscas por dia", "Busca por imagem", "Comparação de peças"],
  policies: null,
  created_at: "2026-01-10T12:00:00.000Z",
};
export const samplePlanAdmin: PlanAdminView = {
  ...samplePlan,
  monthly_revenue: 6336,
  updated_at: at,
};

export const sampleInvoice: MyInvoiceView = {
  id: 311,
  status: "pending",
  gateway: "paghiper_pix",
  amount: 99,
  external_reference: "ENC-2026-000311",
  payment_id: "HF97T5SH2ZQNLF6Z",
  plan_id: 2,
  subscription_id: 17,
  init_point: null,
  sandbox_init_point: null,
  has_pix: true,
  expires_at: "2026-11-21T13:45:00.000Z",
  paid_at: null,
  created_at: at,
  updated_at: at,
  plan_name: "Profissional",
  payment_method: "pix",
};
export const sampleAdminInvoice: InvoiceAdminView = {
  ...sampleInvoice,
  user_id: 42,
  user_name: "José da Silva",
  user_email: "jose@autopecasdosilva.com.br",
  provider_status: "pending",
};
export const samplePix: PixView = {
  payment_id: 311,
  pix_code:
    "00020126580014BR.GOV.BCB.PIX0136a1b2c3d4-e5f6-7890-abcd-ef1234567890520400005303986540599.005802BR5925ENCAIXA6009SAO PAULO62070503***6304ABCD",
  pix_qr_code_base64:
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  amount: 99,
  expires_at: "2026-11-21T13:45:00.000Z",
  status: "pending",
};
export const sampleMercadoPago = {
  provider: "mercadopago" as const,
  configured: true,
  updated_at: at,
  config_data: {
    public_key: "APP_USR-1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d",
    access_token: "APP_USR-••••••••5678",
    webhook_secret: "••••••••9abc",
    sandbox_mode: false,
    notification_url: "",
    webhook_url: "https://encaixa.com.br/api/webhooks/mercadopago",
  },
};
export const samplePagHiper = {
  provider: "paghiper" as const,
  configured: true,
  updated_at: at,
  config_data: {
    api_key: "apk_••••••••1234",
    token: "••••••••WXYZ",
    webhook_url: "https://encaixa.com.br/api/webhooks/paghiper",
  },
};

export const sampleImport: ImportStatusView = {
  job_id: 58,
  kind: "catalogue",
  status: "running",
  processed_items: 1200,
  total_items: 4800,
  current_page: 12,
  total_pages: 48,
  created_parts: 950,
  created_vehicles: 210,
  created_compatibilities: 3400,
  skipped_parts: 250,
  skipped_vehicles: 0,
  skipped_compatibilities: 12,
  updated_parts: 0,
  updated_vehicles: 0,
  updated_compatibilities: 0,
  interrupted: false,
  items_per_minute: 300,
  error_count: 0,
  started_at: "2026-11-20T13:45:00.000Z",
  completed_at: null,
  estimated_completion: "2026-11-20T13:57:00.000Z",
  last_activity: "2026-11-20T13:49:00.000Z",
  logs: ["[10:45:00] Importação iniciada.", "[10:49:00] Página 12 de 48 importada."],
};

export const samplePlanCustomer = {
  id: 42,
  name: "José da Silva",
  email: "jose@autopecasdosilva.com.br",
  company: "Auto Peças do Silva",
  subscription_id: 17,
  payment_method: "pix" as const,
  started_at: at,
  expires_at: "2026-12-20T13:45:00.000Z",
};

/** The account a gateway's "Testar conexão" names. */
export const sampleGatewayAccount = "AUTOPECASSILVA";

export const sampleCsvBadRow = { line: 4, message: "Código da peça ausente" };

export const sampleFipeDoneMessage = "Importação concluída: 1 marca, 312 veículos criados.";
