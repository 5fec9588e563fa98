import { useForm } from "@conform-to/react";
import { ESLint } from "eslint";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, SelectField } from "./form-fields";

/** A one-field form rendered as the server sends it, with the errors a refused submission carries. */
function renderField(errors?: string[]): string {
  function Sample() {
    const [, fields] = useForm<{ name: string; kind: string }>({
      id: "sample",
      lastResult: errors
        ? { status: "error", initialValue: { name: "x" }, error: { name: errors } }
        : undefined,
    });
    return createElement(
      "div",
      null,
      createElement(Field<string>, { meta: fields.name, label: "Nome", maxLength: 12 }),
      createElement(SelectField<string>, {
        meta: fields.kind,
        label: "Tipo",
        options: [{ value: "a", label: "A" }],
      }),
    );
  }
  return renderToStaticMarkup(createElement(Sample));
}

describe("a field is one line", () => {
  it("labels its control with Conform's id and name, and shows no error while there is none", () => {
    const html = renderField();
    expect(html).toContain('<label for="sample-name" class="label">Nome</label>');
    expect(html).toMatch(/<input class="input" id="sample-name" name="name" form="sample"[^>]*>/);
    expect(html).toContain('maxLength="12"');
    expect(html).toContain('<select class="input" id="sample-kind" name="kind" form="sample"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("field-error");
  });

  it("shows its first error, the control invalid and described by it", () => {
    const html = renderField(["Obrigatório", "Outro"]);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="sample-name-error"/);
    expect(html).toContain('<p id="sample-name-error" class="field-error">Obrigatório</p>');
    expect(html).not.toContain("Outro");
  });
});

describe("a field's length limit comes from its schema, by lint", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  /** A sample form whose input's maxLength is `value` (spelled apart, so a grep of app/ skips it). */
  const limitErrors = async (value: string, imports = "") => {
    const source = `${imports}export const a = <input maxLength=${value} />;\n`;
    const [result] = await eslint.lintText(source, { filePath: "app/components/sample.tsx" });
    return result!.messages.filter((m) => m.ruleId === "field-limits/from-schema");
  };

  it.each(["{100}", '"100"', "{10 * 10}"])(
    "refuses a number written in the form: maxLength=%s",
    async (value) => {
      expect((await limitErrors(value)).length).toBeGreaterThan(0);
    },
  );

  it("takes the schema's named limit", async () => {
    const imports = 'import { NAME_MAX } from "~/schemas/catalogue/catalogue";\n';
    expect(await limitErrors("{NAME_MAX}", imports)).toEqual([]);
  });
});
