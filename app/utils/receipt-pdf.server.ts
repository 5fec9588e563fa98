import PDFDocument from "pdfkit";
import * as messages from "~/messages";
import { formatBRL, formatDateTime } from "./format";

/** What a receipt shows: one approved invoice, its customer and plan (ADR 0018). */
export type ReceiptData = {
  /** The receipt's number: the invoice's reference ("ENC-…"), the one number the customer sees. */
  number: string;
  /** Who issues it, in lines (razão social · CNPJ, address, contact); none while no company is kept. */
  issuer: string[];
  /** When the invoice was created. */
  issuedAt: Date;
  /** When the invoice was paid (approved). */
  paidAt: Date;
  /** `taxId`: the payer's CPF or CNPJ, formatted, when known (the PIX payer's). */
  customer: { name: string; email: string; taxId: string | null };
  planName: string;
  /** What was paid: the plan's price less `creditCents`. */
  amountCents: number;
  /** An upgrade's credit for the unused days of the plan it replaced (ADR 0046); 0 when none. */
  creditCents?: number;
  gateway: string;
  /** The subscription's method: names a manual invoice ("Transferência bancária"). */
  paymentMethod?: string | null;
  providerPaymentId: string | null;
};

type RenderOptions = {
  /**
   * Leave the page content uncompressed. Only for looking at the output by hand: the tests read
   * the real, compressed output (they inflate its streams).
   */
  compress?: boolean;
};

/**
 * The standard PDF fonts (Helvetica here) are WinAnsi-encoded: Latin-1 (every pt-BR accent) plus
 * a few typographic signs (— – “ ” ‘ ’ • … €). pdfkit writes any other character as a code of more
 * than one byte, which shows as garbage, so such characters (from a customer's name, say) become
 * "?". Decomposed accents are composed first ("c" + U+0327 → "ç").
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

export function winAnsiSafe(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) out += " ";
    else if (code < 0x7f || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += "?";
  }
  return out;
}

const A4 = "A4";
const MARGIN = 56;
const BRAND = "#155bb5";
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";

/**
 * The receipt of one paid invoice as an A4 PDF: header, a sentence saying what was paid, the
 * details as label/value rows, and a footer. Helvetica (built into every PDF reader, nothing
 * embedded); texts from `messages.receipt`, money and dates in pt-BR, America/Sao_Paulo.
 *
 * The same receipt always gives the same bytes: the document's dates are the payment's, and
 * pdfkit derives the file ID from the document info.
 */
export function renderReceiptPdf(
  receipt: ReceiptData,
  options: RenderOptions = {},
): Promise<Buffer> {
  const m = messages.receipt;
  const amount = formatBRL(receipt.amountCents);
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    compress: options.compress ?? true,
    lang: "pt-BR",
    displayTitle: true,
    info: {
      Title: winAnsiSafe(`${m.title} ${receipt.number}`),
      Author: m.author,
      Subject: m.subject(receipt.number),
      Creator: m.author,
      CreationDate: receipt.paidAt,
      ModDate: receipt.paidAt,
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const say = (text: string) => winAnsiSafe(text);

  // Header: who issues it (the company kept by the admin, else the product's line), and what it is.
  doc.font("Helvetica-Bold").fontSize(22).fillColor(BRAND).text(say(m.author), left, MARGIN);
  const issuerWidth = width - 190;
  const issuer = receipt.issuer.length > 0 ? receipt.issuer : [m.issuer];
  doc.font("Helvetica").fontSize(9).fillColor(MUTED);
  issuer.forEach((line, i) =>
    doc.text(say(line), left, doc.y + (i === 0 ? 2 : 0), { width: issuerWidth }),
  );
  const headerBottom = doc.y;
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor(INK)
    .text(say(m.title), left, MARGIN + 4, { width, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(say(receipt.number), left, doc.y + 2, { width, align: "right" });

  let y = Math.max(MARGIN + 64, headerBottom + 12);
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();

  // What was paid, in one sentence.
  y += 20;
  doc
    .font("Helvetica")
    .fontSize(12)
    .fillColor(INK)
    .text(say(m.statement(amount, receipt.planName)), left, y, { width });

  // The details.
  const rows: [string, string][] = [
    [m.number, receipt.number],
    [m.issuedAt, formatDateTime(receipt.issuedAt)],
    [m.paidAt, formatDateTime(receipt.paidAt)],
    [m.customer, receipt.customer.name],
    [m.email, receipt.customer.email],
    ...(receipt.customer.taxId ? [[m.payerTaxId, receipt.customer.taxId] as [string, string]] : []),
    [m.plan, receipt.planName],
    ...(receipt.creditCents
      ? [[m.credit, m.creditValue(formatBRL(receipt.creditCents))] as [string, string]]
      : []),
    [m.amount, amount],
    [m.method, messages.payments.paidWith(receipt.gateway, receipt.paymentMethod)],
    [m.providerPaymentId, receipt.providerPaymentId ?? m.none],
  ];
  const labelWidth = 170;
  y = doc.y + 24;
  for (const [label, value] of rows) {
    const emphasis = label === m.amount;
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(MUTED)
      .text(say(label), left, y, {
        width: labelWidth - 12,
      });
    doc
      .font(emphasis ? "Helvetica-Bold" : "Helvetica")
      .fontSize(emphasis ? 13 : 11)
      .fillColor(INK)
      .text(say(value), left + labelWidth, y, { width: width - labelWidth });
    y = Math.max(doc.y, y + 14) + 10;
    doc
      .moveTo(left, y - 5)
      .lineTo(left + width, y - 5)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  // Footer, at the foot of the page.
  const footerY = doc.page.height - MARGIN - 28;
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(say(m.footer), left, footerY, { width, align: "center" });

  doc.end();
  return done;
}
