import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { thirdPartyLicenses } from "./scripts/vite-third-party-licenses";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Remix's future flags; the fuzz test's in-process server build reads them too. */
export const remixFuture = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    remix({
      // Parallel test runs each build into their own folder.
      buildDirectory: process.env.ENCAIXA_BUILD_DIR ?? "build",
      future: remixFuture,
    }),
    // The browser's chunks only: their license comments go to one file (ADR 0063).
    ...(isSsrBuild ? [] : [thirdPartyLicenses()]),
  ],
  // Terser packs the browser's JavaScript ~3.5 KB gzip smaller per page than esbuild (issue #13's
  // 100 KB budget); the server build stays readable.
  build: isSsrBuild
    ? {}
    : {
        minify: "terser",
        // Two compress passes over ES modules (what Vite emits for browsers it supports): ~1 KB
        // gzip less per page than one pass of script-mode terser.
        terserOptions: { module: true, ecma: 2020, compress: { passes: 2 } },
        rollupOptions: {
          // The message catalogue is plain data: every page imports its index, and a module there
          // that rollup cannot prove pure (the OpenAPI texts' top-level calls) would otherwise be
          // kept, with the areas it quotes, in every page's bundle (+1.1 KB on /search).
          treeshake: { moduleSideEffects: (id: string) => !id.includes("/app/messages/") },
        },
      },
  ssr: { external: ["better-sqlite3", "sharp", "tesseract.js"] },
}));
