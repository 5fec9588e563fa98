import { describe, expect, it } from "vitest";
import { LICENSES_FILE, thirdPartyLicenses } from "../../scripts/vite-third-party-licenses";

/**
 * The build step that moves the libraries' license comments out of every browser chunk into one
 * file (ADR 0063): the notices all reach the file, once each; code and strings stay as they were;
 * the entry chunk points to the file.
 */

type Hooks = {
  renderChunk: (code: string, chunk: { fileName: string }) => Promise<{ code: string } | null>;
  generateBundle: (
    this: { emitFile: (file: { fileName: string; source: string }) => void },
    options: unknown,
    bundle: Record<string, { type: string; isEntry?: boolean; name?: string; code?: string }>,
  ) => void;
};

const REACT_NOTICE = "/**\n * @license React\n * react.production.min.js\n * MIT\n */";

async function build(chunks: Record<string, string>) {
  const plugin = thirdPartyLicenses() as unknown as Hooks;
  const rendered: Record<string, string> = {};
  for (const [fileName, code] of Object.entries(chunks)) {
    const out = await plugin.renderChunk(code, { fileName });
    rendered[fileName] = out?.code ?? code;
  }
  const emitted: { fileName: string; source: string }[] = [];
  const bundle = {
    "assets/entry.client-x.js": {
      type: "chunk",
      isEntry: true,
      name: "entry.client",
      code: "import './a.js';",
    },
    "assets/a.js": { type: "chunk", isEntry: false, name: "a", code: "export {}" },
  };
  plugin.generateBundle.call({ emitFile: (file) => emitted.push(file) }, {}, bundle);
  return { rendered, emitted, bundle };
}

describe("the third-party licenses build step", () => {
  it("moves every notice to one file, once each, and leaves strings that look like one", async () => {
    const { rendered, emitted, bundle } = await build({
      "assets/components.js": `${REACT_NOTICE}\nexport const a = "/*! not a comment */";\n/*! Router v6 | MIT */\nexport function f() { return a; }\n`,
      "assets/root.js": `${REACT_NOTICE}\nexport const b = 2;\n`,
      "assets/plain.js": "export const c = 3; // an ordinary comment\n",
    });
    expect(rendered["assets/components.js"]).toContain('"/*! not a comment */"');
    expect(rendered["assets/components.js"]).toContain("function f()");
    for (const code of Object.values(rendered)) {
      expect(code).not.toContain("@license");
      expect(code).not.toContain("Router v6");
    }
    expect(rendered["assets/plain.js"]).toBe("export const c = 3; // an ordinary comment\n");

    expect(emitted).toHaveLength(1);
    const [file] = emitted;
    expect(file!.fileName).toBe(LICENSES_FILE);
    expect(file!.source.match(/@license React/g)).toHaveLength(1);
    expect(file!.source).toContain("Router v6 | MIT");
    expect(bundle["assets/entry.client-x.js"].code).toBe(
      `/*! Licenses: /${LICENSES_FILE} */\nimport './a.js';`,
    );
    expect(bundle["assets/a.js"].code).toBe("export {}");
  });

  it("writes no file when no chunk carries a notice", async () => {
    const { emitted, bundle } = await build({ "assets/plain.js": "export const c = 3;\n" });
    expect(emitted).toEqual([]);
    expect(bundle["assets/entry.client-x.js"].code).toBe("import './a.js';");
  });
});
