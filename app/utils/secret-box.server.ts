import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import * as messages from "~/messages";

/**
 * AES-256-GCM for secrets kept at rest (payment gateway credentials). The sealed text carries a
 * version, the IV and the tag; `context` (e.g. the provider name) is authenticated but not stored,
 * so a ciphertext copied onto another row does not open.
 */

const VERSION = "v1";

function keyFrom(keyHex: string): Buffer {
  const key = Buffer.from(keyHex, "hex");
  if (key.length !== 32) throw new Error(messages.startup.secretsKeyLength);
  return key;
}

export function sealSecret(plaintext: string, keyHex: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(keyHex), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

/** Throws when the text was not sealed with this key and context, or was changed. */
export function openSecret(sealed: string, keyHex: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error(messages.startup.unknownSecretFormat);
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(keyHex), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
