/**
 * PIX "copia e cola" codes (EMV BR Code, BCB's Manual de Padrões para Iniciação do Pix): a string
 * of TLV fields — two-digit id, two-digit decimal length, value — ending in a CRC-16 of the whole
 * string. See /work/shared/reference/payments.md, PIX BR Code section.
 */

const PIX_GUI = "br.gov.bcb.pix";
const MAX_FIELD_LENGTH = 99;
const MAX_NAME_LENGTH = 25;
const MAX_CITY_LENGTH = 15;
const MAX_TXID_LENGTH = 25;
/** A txid-less code: the payer's bank makes one up. */
const NO_TXID = "***";

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

function field(id: string, value: string): string {
  if (value.length > MAX_FIELD_LENGTH) {
    throw new RangeError(`BR Code field ${id} is longer than ${MAX_FIELD_LENGTH} characters`);
  }
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Printable ASCII only, accents dropped: "São Paulo" → "Sao Paulo". */
function toAscii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function required(value: string, what: string): string {
  if (!value) throw new RangeError(`BR Code ${what} is empty once reduced to ASCII`);
  return value;
}

function printableAscii(value: string, what: string): string {
  if (!/^[\x20-\x7e]+$/.test(value))
    throw new RangeError(`BR Code ${what} must be printable ASCII`);
  return value;
}

/** "66.66" from 6666 cents: integer arithmetic, never a float's 0.1 + 0.2. */
function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export type PixBrCodeInput = {
  /** A static code's PIX key (CPF, CNPJ, e-mail, phone or random key). */
  pixKey?: string;
  /** A dynamic code's payload location, given with or without its scheme; wins over `pixKey`. */
  locationUrl?: string;
  /** A positive amount; 0 leaves the amount to the payer (static codes only, in practice). */
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Reduced to its letters and digits, at most 25; "***" when nothing is left. */
  txid: string;
};

/** A PIX BR Code: dynamic (single use, field 26 sub 25) when `locationUrl` is given, else static. */
export function buildPixBrCode(input: PixBrCodeInput): string {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 0) {
    throw new RangeError("BR Code amount must be a whole, non-negative number of cents");
  }
  const location = input.locationUrl?.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const pixKey = input.pixKey?.trim();
  if (!location && !pixKey) throw new RangeError("BR Code needs a PIX key or a location URL");
  const account = location
    ? field("00", PIX_GUI) + field("25", printableAscii(location, "location URL"))
    : field("00", PIX_GUI) + field("01", printableAscii(pixKey!, "PIX key"));
  const name = required(toAscii(input.merchantName).slice(0, MAX_NAME_LENGTH).trim(), "name");
  const city = required(toAscii(input.merchantCity).slice(0, MAX_CITY_LENGTH).trim(), "city");
  const txid =
    toAscii(input.txid)
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, MAX_TXID_LENGTH) || NO_TXID;
  const payload = [
    field("00", "01"),
    location ? field("01", "12") : "",
    field("26", account),
    field("52", "0000"),
    field("53", "986"),
    input.amountCents > 0 ? field("54", formatAmount(input.amountCents)) : "",
    field("58", "BR"),
    field("59", name),
    field("60", city),
    field("62", field("05", txid)),
    "6304",
  ].join("");
  return payload + crc16(payload);
}

/**
 * The TLV fields of a BR Code, or of a template inside one (field 26 or 62), by id; null when the
 * text is not a clean sequence of fields (a length running past the end, a non-digit id or
 * length, a repeated id, anything outside printable ASCII).
 */
export function parseBrCode(code: string): Map<string, string> | null {
  if (!/^[\x20-\x7e]*$/.test(code)) return null;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < code.length) {
    const header = code.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const end = at + 4 + length;
    if (end > code.length || fields.has(id)) return null;
    fields.set(id, code.slice(at + 4, end));
    at = end;
  }
  return fields.size > 0 ? fields : null;
}

/**
 * A BR Code whose fields parse, that starts with 000201 and ends with 6304 and its own CRC.
 * @internal The tests check every PIX code by it.
 */
export function isValidBrCode(code: string): boolean {
  if (!code.startsWith("000201")) return false;
  const fields = parseBrCode(code);
  if (!fields) return false;
  const last = [...fields.keys()].at(-1);
  if (last !== "63" || fields.get("63")!.length !== 4) return false;
  return crc16(code.slice(0, -4)) === code.slice(-4);
}
