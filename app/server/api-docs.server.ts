import { randomBytes } from "node:crypto";
// Vite copies the viewer's files into the build's hashed assets (server.mjs serves them as it
// serves every asset, cached for a year); in development it serves them from node_modules.
import swaggerStylesUrl from "swagger-ui-dist/swagger-ui.css?url";
import swaggerBundleUrl from "swagger-ui-dist/swagger-ui-bundle.js?url";
import * as messages from "~/messages";
import { contentSecurityPolicy } from "./security-headers.server";

/** Where the page reads the document from (the same origin: nothing leaves the app). */
export const OPENAPI_PATH = "/api/openapi.json";

/**
 * The API reference page (ADR 0052): Swagger UI from the app's own assets, started by an inline
 * script carrying this answer's nonce under the pages' own Content-Security-Policy. No validator
 * badge (it would call validator.swagger.io), no fonts or scripts from elsewhere. Until the viewer
 * replaces it (and for good without JavaScript) the page names the document itself.
 */
export function apiDocsResponse(): Response {
  const nonce = randomBytes(16).toString("base64");
  const m = messages.apiDocs;
  const options = {
    url: OPENAPI_PATH,
    dom_id: "#swagger-ui",
    validatorUrl: null,
    deepLinking: true,
    displayOperationId: false,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  };
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${swaggerStylesUrl}">
</head>
<body>
<div id="swagger-ui"><p>${m.noScript} <a href="${OPENAPI_PATH}">${m.documentLink}</a></p></div>
<script src="${swaggerBundleUrl}" nonce="${nonce}"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle(${JSON.stringify(options)});</script>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": contentSecurityPolicy(nonce),
      // The page names hashed assets of this build: a new build changes them.
      "Cache-Control": "no-cache",
    },
  });
}

/** GET /api/openapi.json: the document, built once per process. */
export function openApiResponse(json: string): Response {
  return new Response(json, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
