/**
 * Every text a user reads, in pt-BR: one catalogue, one file per area, so each page's bundle
 * carries only the areas it uses. An area's file sits in its domain's folder, named as in
 * models/ and routes/ (`catalogue/parts.ts`); the texts every area shares stay at the top. Texts quoted by the product specs are kept word for word; a
 * function builds the ones that carry a number or a name.
 *
 * Import it as a namespace, `import * as messages from "~/messages"`, and read it statically
 * (`messages.auth.loginTitle`, `const m = messages.parts`): never pass `messages` itself around,
 * spread it or index it with a computed key, or the bundler has to keep every area.
 * A new area file must be re-exported here (messages.test.ts checks it).
 */

// Shared by every area
export { app, notFound, error, formPost, format, roles, nav, planCard, planDialog } from "./common";
export { documents } from "./documents";
export { api, apiSearch } from "./api";
export { apiIdempotency } from "./api-idempotency";
export { admin } from "./admin";
export { integrations } from "./integrations";
export { jobs } from "./jobs";
export { startup } from "./startup";

// accounts/
export { auth } from "./accounts/auth";
export { passwordReset } from "./accounts/password-reset";
export { profile, profilePage } from "./accounts/account";
export { settings, planChange } from "./accounts/settings";
export { home } from "./accounts/home";
export { credits } from "./accounts/credits";
export { usage } from "./accounts/usage";
export { customersAdmin } from "./accounts/customers-admin";
export { customerInvite } from "./accounts/customer-invite";
export { requestRate } from "./accounts/request-rate";
export { apiKeys } from "./accounts/api-keys";

// backups/
export { backups } from "./backups/backups";

// catalogue/
export { dataQuality } from "./catalogue/data-quality";
export { catalogue } from "./catalogue/catalogue";
export { parts } from "./catalogue/parts";

// contract/
export { contractDocument } from "./contract/document";
export { contractSite } from "./contract/site";
export { contractAccounts } from "./contract/accounts";
export { contractDashboard } from "./contract/dashboard";
export { contractKeys } from "./contract/keys";
export { contractCatalogue } from "./contract/catalogue";
export { contractSearch } from "./contract/search";

// dashboard/
export { dashboard } from "./dashboard/dashboard";
export { dashboardGateways } from "./dashboard/gateways";

// imports/
export { fipe } from "./imports/fipe";
export { catalogueImport } from "./imports/catalogue-import";
export { catalogueExport } from "./imports/catalogue-export";
export { catalogueCsv } from "./imports/catalogue-csv";

// payments/
export { plansAdmin } from "./payments/plans-admin";
export { payments } from "./payments/payments";
export { invoices } from "./payments/invoices";
export { invoicesAdmin } from "./payments/invoices-admin";
export { invoiceRowActions } from "./payments/invoice-row-actions";
export { receipt } from "./payments/receipt";
export { bankTransfer } from "./payments/bank-transfer";

// mail/
export { mail } from "./mail/mail";
export { notifications } from "./mail/notifications";

// company/
export { company } from "./company/company";

// search/
export { search, vehicleSearch } from "./search/search";
export { altDemo } from "./search/alternative-codes";
export { compare } from "./search/compare";
export { synonyms } from "./search/synonyms";

// seo/
export { seo } from "./seo/seo";
export { seoPages } from "./seo/seo-pages";

// simulators/
export { mercadoPagoSim } from "./simulators/mercadopago-sim";
export { pagHiperSim } from "./simulators/paghiper-sim";

// site/
export { landing } from "./site/landing";
export { legal } from "./site/legal";
export { apiDocs } from "./site/api-docs";
export { routeErrors } from "./site/route-errors";
export { failures } from "./site/failures";
