import type { Endpoint } from "./endpoint";

/** The admin dashboard and settings' operations (/api/dashboard/*, /api/settings/*). */
export const dashboardEndpoints: Endpoint[] = [];
