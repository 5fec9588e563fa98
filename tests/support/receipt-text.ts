import { inflateSync } from "node:zlib";

/**
 * The text a reader sees on a receipt PDF, read exactly as it is served (compressed): its
 * FlateDecode streams are inflated with node:zlib and the text-showing operators decoded (pdfkit
 * writes each string as hex codes of the font's WinAnsi encoding, split where kerning applies).
 * One line per text block; non-breaking spaces read as spaces.
 */

/** WinAnsi (cp1252) bytes 0x80–0x9F; the rest is Latin-1. (Node's TextDecoder reads "windows-1252" as Latin-1.) */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes]
      .map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b)))
      .join(""),
};

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

export function pdfText(pdf: Buffer): string {
  return textLines(pdf)
    .join("\n")
    .replace(/\u00a0/g, " ");
}
