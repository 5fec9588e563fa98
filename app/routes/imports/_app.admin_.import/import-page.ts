/** The import page's address, and how often it polls a running import (the spec's 2 seconds). */
export const IMPORT_PAGE = "/admin/import";
export const REFRESH_SECONDS = 2;
