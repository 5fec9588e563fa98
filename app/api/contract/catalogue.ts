import { partEndpoints } from "./catalogue-parts";
import { vehicleEndpoints } from "./catalogue-vehicles";
import type { Endpoint } from "./endpoint";

/**
 * The catalogue's /api operations (app/routes/catalogue/api.*.ts): parts and their alternative
 * codes and vehicles, categories, vehicles and brands.
 */
export const catalogueEndpoints: Endpoint[] = [...partEndpoints, ...vehicleEndpoints];
