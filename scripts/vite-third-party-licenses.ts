import { transformWithEsbuild, type Plugin } from "vite";

/** Where the browser build's license notices go: served from the top of build/client. */
export const LICENSES_FILE = "third-party-licenses.txt";

/**
 * Moves the libraries' license comments (`@license`, `@preserve`, `/*!`) out of the browser's
 * chunks into one file, as webpack's `extractComments` and esbuild's `legalComments: "linked"`
 * do, and points to it from the entry chunk. Every page otherwise downloads React's, Remix's and
 * the router's notices again in each chunk that carries them (~0.7 KB gzip per page against
 * issue #13's 100 KB budget). esbuild, not a regular expression, finds the comments, so a
 * string that looks like one is left alone; terser minifies what it prints.
 */
export function thirdPartyLicenses(): Plugin {
  const notices = new Set<string>();
  return {
    name: "encaixa:third-party-licenses",
    apply: "build",
    async renderChunk(code, chunk) {
      if (!/@license|@preserve|\/\*!|\/\/!/.test(code)) return null;
      // Vite's own esbuild: no second copy to keep in step.
      const result = await transformWithEsbuild(code, chunk.fileName, {
        loader: "js",
        format: "esm",
        target: "esnext",
        legalComments: "external",
        sourcemap: false,
      });
      for (const notice of (result.legalComments ?? "").split(/\n(?=\/[*/])/)) {
        const text = notice.trim();
        if (text) notices.add(text);
      }
      return { code: result.code, map: null };
    },
    generateBundle(_options, bundle) {
      if (notices.size === 0) return;
      this.emitFile({ type: "asset", fileName: LICENSES_FILE, source: [...notices].join("\n\n") });
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk" && output.isEntry && output.name === "entry.client")
          output.code = `/*! Licenses: /${LICENSES_FILE} */\n${output.code}`;
      }
    },
  };
}
