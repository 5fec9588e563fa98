import { z } from "zod";
import type { PLAN_STATUSES as DB_PLAN_STATUSES } from "~db/schema";
import * as messages from "~/messages";
import { LIST_SEARCH_MAX } from "../fields";
import { asText, compact, jsonObject } from "../json-body";

/** Kept here rather than imported so the browser bundle stays free of the database schema. */
export const PLAN_STATUSES = ["active", "inactive"] as const satisfies typeof DB_PLAN_STATUSES;

const m = messages.plansAdmin;

export const UNLIMITED_CREDITS = -1;
export const PLAN_NAME_MAX = 80;
export const PLAN_DESCRIPTION_MAX = 500;
export const PLAN_POLICIES_MAX = 2000;
export const PLAN_FEATURES_MAX = 20;
export const PLAN_FEATURE_MAX = 120;
/** R$ 1.000.000,00: a typo guard, not a business rule. */
export const PLAN_PRICE_MAX_CENTS = 100_000_000;

const text = z.string().optional();

/** "49,90", "49.9", "0" → cents; "" → 0 (free); anything else, negative or with 3+ decimals → null. */
export function parsePriceCents(raw: string | undefined): number | null {
  const value = (raw ?? "").trim().replace(",", ".");
  if (value === "") return 0;
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(value)) return null;
  const [units, decimals = ""] = value.split(".");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

/** One feature a line, blank lines dropped. */
export function parseFeatures(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function creditsValue(raw: string | undefined): number | null {
  const value = (raw ?? "").trim();
  return /^-?\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * The plan form (create and edit) of /plans and, through `apiPlanSchema`, of POST/PUT /api/plans.
 * Price arrives in reais; features one per line.
 */
export const planFormSchema = z
  .object({
    name: text,
    description: text,
    creditsPerMonth: text,
    price: text,
    status: text,
    features: text,
    policies: text,
  })
  .superRefine((value, ctx) => {
    const name = value.name?.trim() ?? "";
    const credits = creditsValue(value.creditsPerMonth);
    if (!name) ctx.addIssue({ code: "custom", path: ["name"], message: m.nameAndCreditsRequired });
    else if (name.length > PLAN_NAME_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: m.tooLong(m.fields.name, PLAN_NAME_MAX),
      });
    if (
      !value.creditsPerMonth?.trim() ||
      (credits !== null && credits <= 0 && credits !== UNLIMITED_CREDITS)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["creditsPerMonth"],
        message: m.nameAndCreditsRequired,
      });
    } else if (credits === null) {
      ctx.addIssue({ code: "custom", path: ["creditsPerMonth"], message: m.creditsInvalid });
    }
    const cents = parsePriceCents(value.price);
    if (cents === null || cents > PLAN_PRICE_MAX_CENTS)
      ctx.addIssue({ code: "custom", path: ["price"], message: m.priceInvalid });
    if (value.status && !PLAN_STATUSES.some((s) => s === value.status))
      ctx.addIssue({ code: "custom", path: ["status"], message: m.invalidStatus });
    if ((value.description?.trim().length ?? 0) > PLAN_DESCRIPTION_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["description"],
        message: m.tooLong(m.fields.description, PLAN_DESCRIPTION_MAX),
      });
    if ((value.policies?.trim().length ?? 0) > PLAN_POLICIES_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["policies"],
        message: m.tooLong(m.fields.policies, PLAN_POLICIES_MAX),
      });
    const features = parseFeatures(value.features);
    if (features.length > PLAN_FEATURES_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["features"],
        message: m.tooManyFeatures(PLAN_FEATURES_MAX),
      });
    else if (features.some((f) => f.length > PLAN_FEATURE_MAX))
      ctx.addIssue({
        code: "custom",
        path: ["features"],
        message: m.tooLong(m.fields.features, PLAN_FEATURE_MAX),
      });
  })
  .transform((value) => ({
    name: value.name!.trim(),
    description: value.description?.trim() || null,
    creditsPerMonth: creditsValue(value.creditsPerMonth)!,
    priceCents: parsePriceCents(value.price)!,
    status: (value.status || "active") as (typeof PLAN_STATUSES)[number],
    features: parseFeatures(value.features),
    policies: value.policies?.trim() || null,
  }));
export type PlanInput = z.output<typeof planFormSchema>;

/** The form's fields as text, from a saved plan: the starting point of an edit. */
export function planFormValues(plan: {
  name: string;
  description: string | null;
  creditsPerMonth: number;
  priceCents: number | null;
  status: string;
  features: string[];
  policies: string | null;
}): Record<keyof z.input<typeof planFormSchema>, string> {
  return {
    name: plan.name,
    description: plan.description ?? "",
    creditsPerMonth: String(plan.creditsPerMonth),
    price: ((plan.priceCents ?? 0) / 100).toFixed(2),
    status: plan.status,
    features: plan.features.join("\n"),
    policies: plan.policies ?? "",
  };
}

/**
 * POST /api/plans and PUT /api/plans/:id: {name, description, credits_per_month, price (reais),
 * status, features (list or one per line), policies}. A PUT starts from the saved plan (`base`), so
 * fields left out keep their values.
 */
export function apiPlanSchema(base?: z.input<typeof planFormSchema>) {
  return z
    .unknown()
    .transform((body) => {
      const source = jsonObject(body);
      const features = Array.isArray(source.features)
        ? source.features.filter((f): f is string => typeof f === "string").join("\n")
        : asText(source.features);
      const provided = compact({
        name: asText(source.name),
        description: asText(source.description),
        creditsPerMonth: asText(source.credits_per_month),
        price: asText(source.price),
        status: asText(source.status),
        features,
        policies: asText(source.policies),
      });
      return { ...base, ...provided };
    })
    .pipe(planFormSchema);
}

/** GET /plans and GET /api/plans: ?q&status; an unknown status means "all". */
export const planListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => q?.trim().slice(0, LIST_SEARCH_MAX) ?? ""),
  status: z.enum(PLAN_STATUSES).optional().catch(undefined),
});
