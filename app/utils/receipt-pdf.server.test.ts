import { describe, expect, it } from "vitest";
import { pdfText } from "../../tests/support/receipt-text";
import { renderReceiptPdf, winAnsiSafe, type ReceiptData } from "./receipt-pdf.server";

/** The tests read the PDF exactly as it is served (compressed): tests/support/receipt-text. */

const receipt: ReceiptData = {
  number: "ENC-LX12AB-9F3C0D1E",
  issuer: [
    "Encaixa Tecnologia Ltda · CNPJ 34.567.890/0001-30",
    "Av. Paulista, 1000 — São Paulo/SP — CEP 01310-100",
    "contato@encaixa.com.br · WhatsApp (11) 98765-4321",
  ],
  issuedAt: new Date("2026-07-01T12:30:00Z"),
  paidAt: new Date("2026-07-02T02:15:00Z"),
  customer: { name: "João Conceição", email: "joao@oficina.com.br", taxId: "529.982.247-25" },
  planName: "Plano Profissional",
  amountCents: 9990,
  gateway: "paghiper_pix",
  providerPaymentId: "PH-778899",
};

/** A document info entry (pdfkit writes each as an indirect object). */
function info(raw: string, key: string): string | undefined {
  const ref = raw.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1];
  return ref ? raw.match(new RegExp(`\\n${ref} 0 obj\\n\\((.*)\\)\\nendobj`))?.[1] : undefined;
}

/** The text a reader sees on the rendered receipt, one line per text block. */
const receiptText = async (data: ReceiptData) => pdfText(await renderReceiptPdf(data));

describe("renderReceiptPdf", () => {
  it("is a one-page A4 PDF with the receipt's title and author", async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = pdf.toString("latin1");
    expect(info(raw, "Title")).toBe("Recibo de pagamento ENC-LX12AB-9F3C0D1E");
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
      // 12:30 UTC is 09:30 in São Paulo; 02:15 UTC on the 2nd is 23:15 on the 1st.
      "01/07/2026, 09:30",
      "01/07/2026, 23:15",
      "João Conceição",
      "joao@oficina.com.br",
      "Plano Profissional",
      "R$ 99,90",
      "Recebemos o valor de R$ 99,90 referente à assinatura",
      "PIX (PagHiper)",
      "PH-778899",
      "Opções de plano e faturas",
    ];
    for (const words of shown) expect(text).toContain(words);
  });

  it("has one number: the invoice's reference, as the receipt's number", async () => {
    const text = await receiptText(receipt);
    expect(text).toMatch(/Número \(referência da fatura\)\nENC-LX12AB-9F3C0D1E/);
    expect(text).not.toMatch(/ENC-0\d{5}/);
  });

  it("names the issuer (razão social, CNPJ, address, contact) and the payer's CPF", async () => {
    const text = await receiptText(receipt);
    for (const line of receipt.issuer) expect(text).toContain(line);
    expect(text).toMatch(/CPF\/CNPJ do pagador\n529\.982\.247-25/);
    expect(text).not.toContain("Compatibilidade de peças automotivas");
  });

  it("without a company kept or a known payer: the product's line, and no payer row", async () => {
    const text = await receiptText({
      ...receipt,
      issuer: [],
      customer: { ...receipt.customer, taxId: null },
    });
    expect(text).toContain("Compatibilidade de peças automotivas");
    expect(text).not.toContain("CNPJ");
    expect(text).not.toContain("CPF/CNPJ do pagador");
  });

  it("names each payment method, and a missing provider id is a dash", async () => {
    const manual = await receiptText({ ...receipt, gateway: "manual", providerPaymentId: null });
    expect(manual).toContain("Manual");
    expect(manual).toMatch(/ID do pagamento no provedor\n—/);
    const transfer = await receiptText({
      ...receipt,
      gateway: "manual",
      paymentMethod: "bank_transfer",
    });
    expect(transfer).toContain("Transferência bancária");
    expect(transfer).not.toContain("Manual");
    const mp = await receiptText({ ...receipt, gateway: "mercadopago" });
    expect(mp).toContain("Mercado Pago");
  });

  it("turns what the standard font cannot show into ?, never into garbage", async () => {
    expect(winAnsiSafe("Opções — “ok” €")).toBe("Opções — “ok” €");
    expect(winAnsiSafe("Ana 🚗 → Zoë\tB")).toBe("Ana ? ? Zoë B");
    expect(winAnsiSafe("Conceic\u0327a\u0303o")).toBe("Conceição");
    const text = await receiptText({
      ...receipt,
      customer: { name: "Ana 🚗 Sá", email: "a@b.co", taxId: null },
    });
    expect(text).toContain("Ana ? Sá");
  });

  it("gives the same bytes for the same receipt", async () => {
    const [a, b] = await Promise.all([renderReceiptPdf(receipt), renderReceiptPdf(receipt)]);
    expect(a.equals(b)).toBe(true);
  });
});
