import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderReceiptPdf, winAnsiSafe, type ReceiptData } from "./receipt-pdf.server";

/**
 * The tests read the PDF exactly as it is served (compressed): they inflate its FlateDecode
 * streams with node:zlib and decode the text-showing operators (pdfkit writes each string as hex
 * codes of the font's WinAnsi encoding, split where kerning applies).
 */

const receipt: ReceiptData = {
  number: "ENC-000042",
  issuedAt: new Date("2026-07-01T12:30:00Z"),
  paidAt: new Date("2026-07-02T02:15:00Z"),
  customer: { name: "João Conceição", email: "joao@oficina.com.br" },
  planName: "Plano Profissional",
  amountCents: 9990,
  gateway: "paghiper_pix",
  externalReference: "ENC-LX12AB-9F3C0D1E",
  providerPaymentId: "PH-778899",
};

/** WinAnsi (cp1252) bytes 0x80–0x9F; the rest is Latin-1. (Node's TextDecoder reads "windows-1252" as Latin-1.) */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes]
      .map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b)))
      .join(""),
};

/** A document info entry (pdfkit writes each as an indirect object). */
function info(raw: string, key: string): string | undefined {
  const ref = raw.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1];
  return ref ? raw.match(new RegExp(`\\n${ref} 0 obj\\n\\((.*)\\)\\nendobj`))?.[1] : undefined;
}

/** Every stream of the file, inflated when it is compressed. */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const found: string[] = [];
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    found.push(
      (match[1]!.includes("/FlateDecode") ? inflateSync(bytes) : bytes).toString("latin1"),
    );
  }
  return found;
}

/** The text of each BT…ET block of the page contents, decoded from WinAnsi. */
function textLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const block of content.match(/BT[^]*?ET/g) ?? []) {
      const hex = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!).join("");
      if (hex.length % 2 !== 0) throw new Error(`odd hex string in ${block}`);
      lines.push(winAnsi.decode(Buffer.from(hex, "hex")));
    }
  }
  return lines;
}

const spaced = (lines: string[]) => lines.join("\n").replace(/\u00a0/g, " ");

/** The text a reader sees on the rendered receipt, one line per text block. */
const receiptText = async (data: ReceiptData) => spaced(textLines(await renderReceiptPdf(data)));

describe("renderReceiptPdf", () => {
  it("is a one-page A4 PDF with the receipt's title and author", async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = pdf.toString("latin1");
    expect(info(raw, "Title")).toBe("Recibo de pagamento ENC-000042");
    expect(info(raw, "Author")).toBe("Encaixa");
    expect(info(raw, "CreationDate")).toBe("D:20260702021500Z");
    expect(raw).toMatch(/\/Type \/Pages\s+\/Count 1\b/);
    expect(raw).toContain("/MediaBox [0 0 595.28 841.89]");
    // The page content is compressed as served: nothing readable without inflating it.
    expect(raw).not.toContain("João");
    expect(raw).toContain("/BaseFont /Helvetica");
    expect(raw).toContain("/Encoding /WinAnsiEncoding");
  });

  it("shows the number, dates, customer, plan, amount, method and references in pt-BR", async () => {
    const text = await receiptText(receipt);
    const shown = [
      "Recibo de pagamento",
      "ENC-000042",
      // 12:30 UTC is 09:30 in São Paulo; 02:15 UTC on the 2nd is 23:15 on the 1st.
      "01/07/2026, 09:30",
      "01/07/2026, 23:15",
      "João Conceição",
      "joao@oficina.com.br",
      "Plano Profissional",
      "R$ 99,90",
      "Recebemos o valor de R$ 99,90 referente à assinatura",
      "PIX (PagHiper)",
      "ENC-LX12AB-9F3C0D1E",
      "PH-778899",
      "Opções de plano e faturas",
    ];
    for (const words of shown) expect(text).toContain(words);
  });

  it("names each payment method, and a missing provider id is a dash", async () => {
    const manual = await receiptText({ ...receipt, gateway: "manual", providerPaymentId: null });
    expect(manual).toContain("Manual");
    expect(manual).toMatch(/ID do pagamento no provedor\n—/);
    const mp = await receiptText({ ...receipt, gateway: "mercadopago" });
    expect(mp).toContain("Mercado Pago");
  });

  it("turns what the standard font cannot show into ?, never into garbage", async () => {
    expect(winAnsiSafe("Opções — “ok” €")).toBe("Opções — “ok” €");
    expect(winAnsiSafe("Ana 🚗 → Zoë\tB")).toBe("Ana ? ? Zoë B");
    expect(winAnsiSafe("Conceic\u0327a\u0303o")).toBe("Conceição");
    const text = await receiptText({
      ...receipt,
      customer: { name: "Ana 🚗 Sá", email: "a@b.co" },
    });
    expect(text).toContain("Ana ? Sá");
  });

  it("gives the same bytes for the same receipt", async () => {
    const [a, b] = await Promise.all([renderReceiptPdf(receipt), renderReceiptPdf(receipt)]);
    expect(a.equals(b)).toBe(true);
  });
});
