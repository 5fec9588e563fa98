// Loader hooks for a web process run by tsx (tests/support/web-process.ts): what Vite resolves
// itself — a stylesheet's `?url`, the icon sprite's `?url&no-inline`, a bare `.css` — becomes a stand-in module, as the test build's
// client assets are stand-ins (tests/support/route-manifest.ts).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  const [bare, query] = specifier.split("?");
  const asked = new URLSearchParams(query ?? "");
  if (asked.has("url") || asked.has("raw") || bare.endsWith(".css")) {
    const name = bare.split("/").pop();
    const source = "export default " + JSON.stringify("/assets/" + name) + ";";
    return { url: "data:text/javascript," + encodeURIComponent(source), shortCircuit: true };
  }
  return next(specifier, context);
}
`),
);
