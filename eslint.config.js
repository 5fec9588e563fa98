import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/decisions/0012-layers.md): route → server → model → db; job → model;
 * model → integration. Each entry lists what a folder may not import.
 */
const ours = (folder) =>
  folder.includes("/") || folder.startsWith("@")
    ? [folder]
    : [`~/${folder}`, `~/${folder}/*`, `**/${folder}/*`];
/** Above the models, a domain is imported through its face (ADR 0036), never file by file. */
const DOMAIN_FACES = {
  group: ["~/models/*/**/*.server", "!~/models/*/index.server"],
  message:
    "Import a domain through its face, ~/models/<domain>/index.server (client-safe modules without .server may be imported directly).",
};
const layer = (files, forbidden, message, typesOnly = [], extraPatterns = []) => ({
  files,
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          ...extraPatterns,
          ...(forbidden.length ? [{ group: forbidden.flatMap(ours), message }] : []),
          ...(typesOnly.length
            ? [{ group: typesOnly.flatMap(ours), message, allowTypeImports: true }]
            : []),
        ],
      },
    ],
  },
});
const UPPER_APP = ["routes", "server", "components", "api", "jobs", "root"];

/**
 * A form field's length limit is the schema's own (a named constant of app/schemas/), never a
 * number written in the form. A rule of its own rather than no-restricted-syntax, which a later
 * block for the same files would replace.
 */
const fieldLimitsFromSchemas = {
  files: ["app/**/*.tsx"],
  plugins: {
    "field-limits": {
      rules: {
        "from-schema": {
          meta: {
            type: "problem",
            schema: [],
            messages: {
              literal:
                "A maxLength written as a number: use the schema's named limit (app/schemas/), so the field and its rule cannot drift apart.",
            },
          },
          create: (context) => {
            const report = (node) => context.report({ node, messageId: "literal" });
            return {
              'JSXAttribute[name.name="maxLength"] > Literal': report,
              'JSXAttribute[name.name="maxLength"] > JSXExpressionContainer Literal[raw=/^[0-9]/]':
                report,
            };
          },
        },
      },
    },
  },
  rules: { "field-limits/from-schema": "error" },
};

/**
 * The route areas that refuse one way (ADR 0039): a route names a reason and
 * app/server/refusal.server.ts answers its status. An area joins this list once its routes are
 * converted; in the end it is every area.
 */
const ONE_WAY_TO_REFUSE = [
  "app/routes/accounts/**",
  "app/routes/site/**",
  "app/routes/dashboard/**",
  "app/routes/backups/**",
  "app/routes/search/**",
  "app/routes/imports/**",
  "app/routes/payments/**",
  "app/routes/catalogue/**",
  "app/routes/simulators/**",
];
const REFUSAL_STATUS = "/^[45]\\d\\d$/";
const NAME_A_REASON =
  "a route names a reason, not a status: apiRefuse / apiRefusal / formRefusal / formInvalid / dialogRefusal / throwRefusal / refusalData (app/server/refusal.server.ts, ADR 0039)";
const oneWayToRefuse = {
  files: ONE_WAY_TO_REFUSE,
  ignores: ["**/*.test.{ts,tsx}"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: `CatchClause :matches(CallExpression, NewExpression) > ObjectExpression:nth-child(2) > Property[key.name="status"], CatchClause CallExpression > Literal.arguments[raw=${REFUSAL_STATUS}]`,
        message: `A catch block answers with a status of its own: let an unknown error throw (the error boundary and handleError log it once), or answer a known one by its reason; ${NAME_A_REASON}.`,
      },
      {
        selector: `Literal[raw=${REFUSAL_STATUS}]`,
        message: `A 4xx/5xx status written in a route: ${NAME_A_REASON}.`,
      },
      {
        selector: 'NewExpression[callee.name="Response"] Property[key.name="status"]',
        message: `A Response built with a status in a route: ${NAME_A_REASON}.`,
      },
      {
        selector: 'CallExpression[callee.name="fail"]',
        message: `fail(message, status) is the old way: ${NAME_A_REASON}.`,
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "node_modules/**",
      "data/**",
      "db/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "bench/.data/**",
      ".scratch/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  layer(
    ["app/models/**/*.ts"],
    [...UPPER_APP, "@remix-run/*", "@conform-to/*"],
    "Models hold rules and queries: no Remix, no Conform, nothing from routes, server, components, api or jobs.",
  ),
  layer(
    ["app/utils/**/*.ts"],
    [...UPPER_APP, "models", "schemas", "integrations", "~db/*", "@remix-run/*", "@conform-to/*"],
    "utils/ are pure helpers: they import nothing of ours but the messages below them (ADR 0041).",
  ),
  layer(
    ["app/messages/**/*.ts"],
    [
      ...UPPER_APP,
      "models",
      "schemas",
      "integrations",
      "utils",
      "~db/*",
      "@remix-run/*",
      "@conform-to/*",
    ],
    "messages/ is the bottom floor: it imports nothing of ours (ADR 0041).",
  ),
  layer(
    ["app/schemas/**/*.ts"],
    [...UPPER_APP, "models", "**/*.server"],
    "Schemas run in the browser too: zod, Conform, utils, messages and pure types only (the db schema with `import type`; shared choices live in schemas/choices.ts).",
    ["~db/*"],
  ),
  layer(
    ["app/components/**/*.{ts,tsx}"],
    ["models", "server", "jobs", "integrations", "api", "routes", "**/*.server", "~db/*"],
    "Components are presentational: no models, no server modules, no data access.",
  ),
  layer(
    ["app/api/**/*.ts"],
    ["routes", "server", "components", "jobs", "integrations", "@remix-run/*"],
    "API views are pure functions of domain objects (import types from models with `import type`).",
    ["models"],
    [DOMAIN_FACES],
  ),
  layer(
    ["app/server/**/*.ts"],
    ["routes", "components", "api"],
    "The server layer sits below the routes: it may not import a route, a component or an API view.",
    [],
    [DOMAIN_FACES],
  ),
  layer(
    ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    [],
    "",
    [],
    [DOMAIN_FACES],
  ),
  layer(
    ["app/jobs/**/*.ts"],
    ["routes", "server", "components", "api", "@remix-run/*", "@conform-to/*"],
    "Jobs, integrations and db sit below the request layer.",
    [],
    [DOMAIN_FACES],
  ),
  layer(
    ["app/integrations/**/*.ts"],
    ["routes", "server", "components", "api", "@remix-run/*", "@conform-to/*"],
    "Jobs, integrations and db sit below the request layer.",
  ),
  layer(
    ["db/**/*.ts"],
    [...UPPER_APP, "models", "schemas", "integrations", "@remix-run/*", "@conform-to/*"],
    "db/ is the bottom floor (schema, migrations, seed): it imports utils only; a command that needs a domain is an entry point in scripts/.",
  ),
  oneWayToRefuse,
  fieldLimitsFromSchemas,
);
