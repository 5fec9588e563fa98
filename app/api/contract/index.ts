import type { Endpoint } from "./endpoint";
import { accountsEndpoints } from "./accounts";
import { catalogueEndpoints } from "./catalogue";
import { dashboardEndpoints } from "./dashboard";
import { exportsEndpoints } from "./exports";
import { importsEndpoints } from "./imports";
import { keysEndpoints } from "./keys";
import { paymentsEndpoints } from "./payments";
import { searchEndpoints } from "./search";
import { siteEndpoints } from "./site";

/**
 * Every /api operation the OpenAPI document describes (ADR 0052), domain by domain, in the order
 * /api/docs lists them. A route of the manifest missing here fails tests/unit/openapi-contract.
 */
export const endpoints: readonly Endpoint[] = [
  ...siteEndpoints,
  ...catalogueEndpoints,
  ...searchEndpoints,
  ...dashboardEndpoints,
  ...accountsEndpoints,
  ...paymentsEndpoints,
  ...importsEndpoints,
  ...keysEndpoints,
  ...exportsEndpoints,
];
