import { createCookie } from "@remix-run/node";
import {
  DEFAULT_IMPORT_SETTINGS,
  importSettingsSchema,
  type CatalogueImportSettings,
} from "~/schemas/imports/catalogue-import";
import { env } from "~/utils/env.server";

/**
 * The admin's import settings ("Salvar" / "Padrão"), kept in a signed cookie as the spec keeps
 * them in the browser: they are a preference for the next start, not catalogue data.
 */
const settingsCookie = () =>
  createCookie("import_settings", {
    httpOnly: true,
    sameSite: "lax",
    // "/", not "/admin/import": the page's data requests go to /admin/import.data.
    path: "/",
    secure: env().COOKIE_SECURE ?? env().NODE_ENV === "production",
    secrets: [env().SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 365,
  });

export async function readImportSettings(request: Request): Promise<CatalogueImportSettings> {
  const stored: unknown = await settingsCookie().parse(request.headers.get("cookie"));
  const parsed = importSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_IMPORT_SETTINGS;
}

export function importSettingsHeader(settings: CatalogueImportSettings): Promise<string> {
  return settingsCookie().serialize(settings);
}
