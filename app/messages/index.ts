/**
 * Every text a user reads, in pt-BR: one catalogue, one file per area, so each page's bundle
 * carries only the areas it uses. Texts quoted by the product specs are kept word for word; a
 * function builds the ones that carry a number or a name.
 *
 * Import it as a namespace, `import * as messages from "~/messages"`, and read it statically
 * (`messages.auth.loginTitle`, `const m = messages.parts`): never pass `messages` itself around,
 * spread it or index it with a computed key, or the bundler has to keep every area.
 * A new area file must be re-exported here (messages.test.ts checks it).
 */

export { app, notFound, error, formPost, format, roles, nav, planCard, planDialog } from "./common";
export { auth } from "./auth";
export { profile, profilePage } from "./account";
export { settings, planChange } from "./settings";
export { landing } from "./landing";
export { legal } from "./legal";
export { home } from "./home";
export { usage } from "./usage";
export { search, vehicleSearch } from "./search";
export { altDemo } from "./alternative-codes";
export { api, apiSearch } from "./api";
export { admin } from "./admin";
export { dataQuality } from "./data-quality";
export { catalogue } from "./catalogue";
export { parts } from "./parts";
export { plansAdmin } from "./plans-admin";
export { customersAdmin } from "./customers-admin";
export { fipe } from "./fipe";
export { payments } from "./payments";
export { invoices } from "./invoices";
export { invoicesAdmin } from "./invoices-admin";
export { mercadoPagoSim } from "./mercadopago-sim";
export { pagHiperSim } from "./paghiper-sim";
export { integrations } from "./integrations";
export { receipt } from "./receipt";
export { catalogueImport } from "./catalogue-import";
export { catalogueCsv } from "./catalogue-csv";
export { dashboard } from "./dashboard";
export { seo } from "./seo";
export { backups } from "./backups";
export { compare } from "./compare";
export { synonyms } from "./synonyms";
export { jobs } from "./jobs";
export { startup } from "./startup";
