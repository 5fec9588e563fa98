import { z } from "zod";
import { messages } from "~/utils/messages";

const m = messages.auth;
export const PASSWORD_MIN = 6;
/** Anything@anything.tld, no spaces: the spec's pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = z.string().optional();

/** The string fields of a JSON body; anything that is not a string counts as missing. */
export function stringFields<K extends string>(
  body: unknown,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key] as string;
  return out;
}
/** Hidden field humans never fill; bots do. */
export const HONEYPOT_FIELD = "website";

export const loginSchema = z
  .object({ email: text, password: text, redirectTo: text, [HONEYPOT_FIELD]: text })
  .superRefine((value, ctx) => {
    if (!value.email?.trim() || !value.password) {
      ctx.addIssue({ code: "custom", path: [], message: m.fillAllFields });
    }
  })
  .transform((value) => ({
    email: value.email!.trim().toLowerCase(),
    password: value.password!,
    redirectTo: value.redirectTo,
    honeypot: value[HONEYPOT_FIELD],
  }));

/** The spec's order: all required, then match, then length, then e-mail format; one message at a time. */
export const registerSchema = z
  .object({
    name: text,
    email: text,
    password: text,
    confirmPassword: text,
    [HONEYPOT_FIELD]: text,
  })
  .superRefine((value, ctx) => {
    if (!value.name?.trim() || !value.email?.trim() || !value.password || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: [], message: m.allFieldsRequired });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDontMatch });
      return;
    }
    if (value.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: "custom", path: ["password"], message: m.passwordMin });
      return;
    }
    if (!EMAIL_PATTERN.test(value.email.trim())) {
      ctx.addIssue({ code: "custom", path: ["email"], message: m.invalidEmail });
    }
  })
  .transform((value) => ({
    name: value.name!.trim().slice(0, 120),
    email: value.email!.trim().toLowerCase(),
    password: value.password!,
    honeypot: value[HONEYPOT_FIELD],
  }));

/** The JSON API's register body: {email, password, name}, same rules but without a confirmation. */
export const apiRegisterSchema = z
  .unknown()
  .transform((body) => {
    const fields = stringFields(body, ["name", "email", "password"]);
    return {
      ...fields,
      ...(fields.password === undefined ? {} : { confirmPassword: fields.password }),
    };
  })
  .pipe(registerSchema);

export const apiLoginSchema = z
  .unknown()
  .transform((body) => stringFields(body, ["email", "password"]))
  .pipe(loginSchema);
