import { describe, expect, it } from "vitest";
import * as messages from "~/messages";
import { renderMail } from "./layout.server";

describe("renderMail", () => {
  const rendered = renderMail({
    subject: "Assunto <teste>",
    heading: "Olá & bem-vindo",
    paragraphs: ["Primeiro parágrafo.", "Segundo <b>parágrafo</b>."],
    action: { label: "Entrar", url: "https://encaixa.example/login?a=1&b=2" },
    footnotes: ["Nota de rodapé."],
  });

  it("writes an HTML part in pt-BR with the app's name, every value escaped", () => {
    expect(rendered.subject).toBe("Assunto <teste>");
    expect(rendered.html).toContain('<html lang="pt-BR">');
    expect(rendered.html).toContain(messages.app.defaultSiteName);
    expect(rendered.html).toContain("Olá &amp; bem-vindo");
    expect(rendered.html).toContain("Segundo &lt;b&gt;parágrafo&lt;/b&gt;.");
    expect(rendered.html).not.toContain("<b>parágrafo</b>");
    expect(rendered.html).toContain('href="https://encaixa.example/login?a=1&amp;b=2"');
    expect(rendered.html).toContain(messages.mail.footerSentBy(messages.app.defaultSiteName));
  });

  it("writes a plain-text part with the same words and the link spelled out", () => {
    expect(rendered.text).toContain("Olá & bem-vindo");
    expect(rendered.text).toContain("Segundo <b>parágrafo</b>.");
    expect(rendered.text).toContain("Entrar: https://encaixa.example/login?a=1&b=2");
    expect(rendered.text).toContain("Nota de rodapé.");
  });
});
