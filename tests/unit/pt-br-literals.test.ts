import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every pt-BR text a user reads or a log records lives in `app/messages/` (ADR 0038). This walks
 * the string literals, template literals and JSX text of every file in `app/` (tests, sample
 * data and the catalogue itself aside) and fails on the ones that read as Portuguese.
 */

const APP = path.resolve("app");

/** Folders and files whose Portuguese is not a text to move. */
const SKIPPED = [
  /^messages\//, // the catalogue itself
  /\.test\.tsx?$/, // tests quote the texts they expect
  /(^|\/)test-support\.ts$/, // shared setup of the tests beside it: their fixtures (a payer's name)
  /(^|\/)sample-data\.ts$/, // demo data: part names and descriptions, not texts of the app
];

/**
 * Literals that are Portuguese on purpose, file by file, each with why. A pattern matches the
 * literal's text; keep them narrow, so that a new text beside them is still caught.
 */
const ALLOWED: { file: RegExp; text: RegExp; why: string }[] = [
  {
    file: /^app\/schemas\/catalogue\/catalogue\.ts$/,
    text: /^(Elétrico|Híbrido|Automática)$/,
    why: "The vehicle vocabulary (fuel, gearbox): values the vehicles table stores and the form posts, not labels; a text edit must not change stored data.",
  },
  {
    file: /^app\/models\/imports\/fipe\/names\.server\.ts$/,
    text: /^(Elétrico|Híbrido|Automática|SEDÃ)$/,
    why: "The same vocabulary, and FIPE's own word for a sedan, read from FIPE's model names.",
  },
];

// Letters that English and code never carry; one of them makes a literal Portuguese.
const PORTUGUESE_LETTERS = /[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔÀ]/;
// Words common in pt-BR sentences, participles too ("encerrado", "desconhecida"). They count only
// in a literal that reads like a phrase (two words or more) and carries no English or SQL function
// word: "a", "e", "no" and "do" are words in both languages.
const PORTUGUESE_WORDS =
  /(^|[\s("'])(o|a|e|os|de|da|das|do|dos|em|no|na|nos|nas|ao|aos|pelo|pela|para|com|sem|por|até|entre|sobre|um|uma|não|você|seu|sua|nenhum|nenhuma|já|mais|ou|que|se|foi|está|são|nova|novo|ainda|agora|aqui|cada|todos|todas|tem|deve|pode|[a-z]{3,}(?:ad|id)[oa]s?)(?=[\s,.;:!?)"']|$)/i;
const ENGLISH_WORDS =
  /(^|[\s("'])(the|is|are|was|be|been|must|not|of|and|to|from|for|with|has|have|needs|this|that|an|it|can|only|nothing|select|insert|into|values|update|delete|where|join)(?=[\s,.;:!?)"']|$)/i;
const PHRASE = /[A-Za-zÀ-ú]+[\s,]+[A-Za-zÀ-ú]+/;

function readsAsPortuguese(text: string): boolean {
  if (!/[A-Za-zÀ-ú]{2,}/.test(text)) return false;
  if (PORTUGUESE_LETTERS.test(text)) return true;
  return PHRASE.test(text) && PORTUGUESE_WORDS.test(text) && !ENGLISH_WORDS.test(text);
}

/** A literal that is code, not a text: an import path, a type, a property name. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isExternalModuleReference(parent)) return true;
  // A literal type, `import("…")` types included.
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isPropertySignature(parent) && parent.name === node) return true;
  return false;
}

function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join("");
}

type Literal = { file: string; line: number; text: string };

function literalsOf(file: string): Literal[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file: path.relative(path.resolve("."), file), line: line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCode(node)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      add(node, templateText(node));
    } else if (ts.isJsxText(node)) {
      const text = node.text.trim();
      if (text) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function appFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return appFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function portugueseOutsideMessages(): Literal[] {
  return appFiles(APP)
    .filter((file) => !SKIPPED.some((pattern) => pattern.test(path.relative(APP, file))))
    .flatMap(literalsOf)
    .filter(({ text }) => readsAsPortuguese(text))
    .filter(
      ({ file, text }) =>
        !ALLOWED.some((allowed) => allowed.file.test(file) && allowed.text.test(text)),
    );
}

describe("pt-BR texts live in app/messages", () => {
  it("the heuristic tells a Portuguese text from code", () => {
    expect(readsAsPortuguese("Não foi possível salvar")).toBe(true);
    expect(readsAsPortuguese("Peça criada")).toBe(true);
    expect(readsAsPortuguese("Importe o arquivo de peças")).toBe(true);
    expect(readsAsPortuguese("Cadastro de marca")).toBe(true);
    expect(readsAsPortuguese("Criou o plano x")).toBe(true);
    expect(readsAsPortuguese("Tarefa desconhecida: x")).toBe(true);
    expect(readsAsPortuguese("amount must be a positive integer")).toBe(false);
    expect(readsAsPortuguese("flex items-center gap-2")).toBe(false);
    expect(readsAsPortuguese("select count(*) from searches where day = ?")).toBe(false);
    expect(readsAsPortuguese("insert into brands (name) values (?) on conflict do nothing")).toBe(
      false,
    );
    expect(readsAsPortuguese("America/Sao_Paulo")).toBe(false);
    expect(readsAsPortuguese("application/json")).toBe(false);
  });

  // Parsing some 400 files takes seconds on a busy machine: more than the default 20 s budget.
  it(
    "no pt-BR string, template or JSX text is written outside app/messages",
    { timeout: 60_000 },
    () => {
      const offenders = portugueseOutsideMessages().map(
        ({ file, line, text }) => `${file}:${line}: ${JSON.stringify(text.slice(0, 80))}`,
      );
      if (offenders.length > 0) {
        console.error(
          `${offenders.length} pt-BR literal(s) outside app/messages:\n${offenders.join("\n")}`,
        );
      }
      expect(offenders).toEqual([]);
    },
  );
});
