import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  clientBuildDir,
  newestChange,
  serverLeaks,
  serverOnlyWords,
} from "../support/client-bundle";

/**
 * Reads an existing client build (`ENCAIXA_BUILD_DIR`, default `build`); it builds nothing. `npm
 * test` runs Vitest before its build, so this skips when there is no build or the build is older
 * than the code; tests/e2e/security.spec.ts checks the same after `npm test`'s own build.
 */
describe("the client build", () => {
  const dir = clientBuildDir();
  const built = newestChange(dir);
  const changed = Math.max(newestChange(path.resolve("app")), newestChange(path.resolve("db")));

  it("knows the words it looks for", () => {
    expect(serverOnlyWords()).toEqual(expect.arrayContaining(["password_hash", "login_attempts"]));
  });

  it("holds no database schema, driver or secret name", (context) => {
    if (!existsSync(dir))
      context.skip(`no client build at ${dir}: run \`npm run build\` first (npm test does)`);
    if (built < changed)
      context.skip(`the client build at ${dir} is older than app/ or db/: run \`npm run build\``);
    expect(serverLeaks(dir)).toEqual([]);
  });
});
