import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The layer rules of ADR 0012, run through the project's own ESLint config on sample imports. */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [x];\n`, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => m.message);
}

describe("the layers hold by lint", () => {
  it.each([
    ["app/models/sample.server.ts", 'import { data as x } from "@remix-run/node";'],
    ["app/models/sample.server.ts", 'import { parseWithZod as x } from "@conform-to/zod/v4";'],
    ["app/models/sample.server.ts", 'import { requireUser as x } from "~/server/auth.server";'],
    ["app/models/sample.server.ts", 'import { Toast as x } from "~/components/toast";'],
    ["app/models/sample.server.ts", 'import { loader as x } from "~/routes/_app.home";'],
    ["app/models/sample.server.ts", 'import { enqueue as x } from "~/jobs/runner.server";'],
    ["app/utils/sample.ts", 'import { getUserById as x } from "~/models/user.server";'],
    ["app/utils/sample.ts", 'import { loginSchema as x } from "~/schemas/accounts/auth";'],
    ["app/utils/sample.ts", 'import { ok as x } from "~/server/api.server";'],
    ["app/messages/sample.ts", 'import { toastCookie as x } from "~/server/toast.server";'],
    ["app/components/sample.tsx", 'import { db as x } from "~/utils/db.server";'],
    ["app/components/sample.tsx", 'import { getPart as x } from "~/models/part.server";'],
    ["app/schemas/sample.ts", 'import { getPart as x } from "~/models/part.server";'],
    ["app/schemas/sample.ts", 'import { PAYMENT_METHODS as x } from "~db/schema";'],
    ["app/api/views/sample.ts", 'import { getPart as x } from "~/models/part.server";'],
    ["app/jobs/sample.server.ts", 'import { requireAdmin as x } from "~/server/auth.server";'],
    [
      "app/routes/catalogue/sample.tsx",
      'import { getPart as x } from "~/models/catalogue/part.server";',
    ],
    [
      "app/server/sample.server.ts",
      'import { getUserById as x } from "~/models/accounts/user.server";',
    ],
    [
      "app/jobs/sample.server.ts",
      'import { runFipeImport as x } from "~/models/imports/fipe/import.server";',
    ],
  ])("refuses %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ["app/models/sample.server.ts", 'import { normalizeCode as x } from "~/utils/codes";'],
    ["app/models/sample.server.ts", 'import { logActivity as x } from "./activity.server";'],
    ["app/server/sample.server.ts", 'import { getUserById as x } from "~/models/user.server";'],
    ["app/components/sample.tsx", 'import { formatBRL as x } from "~/utils/format";'],
    ["app/api/views/sample.ts", 'import type { PartDetail as x } from "~/models/part.server";'],
    ["app/schemas/sample.ts", 'import type { Role as x } from "~db/schema";'],
    ["app/routes/sample.tsx", 'import { getPart as x } from "~/models/part.server";'],
    [
      "app/routes/catalogue/sample.tsx",
      'import { getPart as x } from "~/models/catalogue/index.server";',
    ],
    ["app/routes/search/sample.tsx", 'import { tokens as x } from "~/models/search/words";'],
  ])("allows %s: %s", async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});

/** The refusal rule of ADR 0039, run through the project's own ESLint config on sample routes. */
async function refusalErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("a converted route refuses by reason, by lint", () => {
  it.each([
    [
      "app/routes/search/sample.ts",
      'import { fail } from "~/server/api.server";\nexport const loader = () => fail("x", 404);\n',
    ],
    [
      "app/routes/accounts/sample.tsx",
      'export function loader() {\n  throw new Response("x", { status: 404 });\n}\n',
    ],
    [
      "app/routes/imports/sample.tsx",
      'import { data } from "@remix-run/node";\nexport async function action() {\n  try {\n    await Promise.resolve();\n  } catch (error) {\n    console.error(error);\n    return data({ error: "x" }, { status: 500 });\n  }\n  return null;\n}\n',
    ],
  ])("refuses %s: a status of its own", async (file, source) => {
    expect((await refusalErrors(file, source)).length).toBeGreaterThan(0);
  });

  it.each([
    [
      "app/routes/search/sample.ts",
      'import { data } from "@remix-run/node";\nexport const action = () => data({ id: 1 }, { status: 201 });\n',
    ],
    [
      "app/routes/search/sample.ts",
      'import { apiRefuse } from "~/server/refusal.server";\nexport const loader = () => apiRefuse("not_found", "x");\n',
    ],
    [
      "app/routes/dashboard/sample.tsx",
      'export const Hint = () => <p className="text-slate-500">x</p>;\n',
    ],
  ])("allows %s: %s", async (file, source) => {
    expect(await refusalErrors(file, source)).toEqual([]);
  });
});
