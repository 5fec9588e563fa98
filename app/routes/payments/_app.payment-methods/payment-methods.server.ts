import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import {
  bankTransferSettings,
  gatewayFigures,
  maskedGatewayConfigs,
  publicOrigin,
  saveBankTransferDetails,
  saveMercadoPagoConfig,
  savePagHiperConfig,
  testMercadoPagoConnection,
  testPagHiperConnection,
} from "~/models/payments/index.server";
import type { Refusal } from "~/models/outcome";
import {
  mercadoPagoConfigSchema,
  mercadoPagoTestSchema,
  pagHiperConfigSchema,
} from "~/schemas/payments/payments";
import { bankTransferSchema } from "~/schemas/payments/bank-transfer";
import { refusalData, refusalReplyOptions, type Reason } from "~/server/refusal.server";
import { redirectWithToast } from "~/server/toast.server";
import * as messages from "~/messages";
import { adminInvoiceRow } from "../admin-invoice-row.server";
import { INTENTS, type ActionData, type Intent, type Reply } from "./gateway-forms";

/** The payment-methods page's server side: what it shows, and its forms' posts. */

const m = messages.invoicesAdmin.methods;
const p = messages.payments;

/**
 * Both gateways (masked: no secret of either ever leaves the server), their webhooks, the bank
 * details for transfers (not secret: customers read them), the figures.
 */
export function paymentMethodsData() {
  const origin = publicOrigin() ?? "";
  const configs = maskedGatewayConfigs();
  const figures = gatewayFigures(10);
  return {
    mercadopago: configs.mercadopago,
    paghiper: configs.paghiper,
    bankTransfer: bankTransferSettings(),
    webhooks: {
      mercadopago: `${origin}/api/webhooks/mercadopago`,
      paghiper: `${origin}/api/webhooks/paghiper`,
    },
    figures: {
      byStatus: figures.byStatus,
      byGateway: figures.byGateway,
      recent: figures.recent.map((row) => ({ ...adminInvoiceRow(row), updatedAt: row.updatedAt })),
    },
  };
}

export type PaymentMethodsData = ReturnType<typeof paymentMethodsData>;

/** The fields whose value is a secret: a reply never carries them back to the form. */
const MP_SECRETS = ["accessToken", "webhookSecret"];
const PH_SECRETS = ["apiKey", "token"];

type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): Reply;
};

const answer = (intent: Intent | null, reply: Reply | null, reason: Reason) =>
  refusalData<ActionData>({ intent, reply }, reason);

/** A refused save or test: its message on the field at fault (or above the form), secrets out. */
function refused(intent: Intent, submission: Replyable, refusal: Refusal, hideFields: string[]) {
  const reply = submission.reply({ ...refusalReplyOptions(refusal), hideFields });
  return answer(intent, reply, refusal.reason);
}

/**
 * A connection test that ran: the provider's "no" (or silence) is the test's result, shown on the
 * form as a page answer; a test that could not start (nothing configured) is the admin's to fix.
 */
function testRefused(
  intent: Intent,
  submission: Replyable,
  refusal: Refusal,
  hideFields: string[],
) {
  if (refusal.reason !== "provider_failed") return refused(intent, submission, refusal, hideFields);
  const reply = submission.reply({ ...refusalReplyOptions(refusal), hideFields });
  return data<ActionData>({ intent, reply });
}

const BACK = "/payment-methods";
const NO_BANK_DETAILS = { bank: "", agency: "", account: "", holder: "", cnpj: "", pixKey: "" };

/** A post of one of the page's forms, named by its `intent`; anything else is refused. */
export async function postGatewayForm(form: FormData, actorId: number) {
  const intent = INTENTS.find((known) => known === form.get("intent")) ?? null;

  switch (intent) {
    case "save-mercadopago": {
      const submission = parseWithZod(form, { schema: mercadoPagoConfigSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: MP_SECRETS }), "invalid_input");
      const saved = saveMercadoPagoConfig(submission.value, actorId);
      if (!saved.ok) return refused(intent, submission, saved, MP_SECRETS);
      return redirectWithToast(BACK, {
        type: "success",
        message: m.saved(m.mercadoPago.title),
      });
    }
    case "save-paghiper": {
      const submission = parseWithZod(form, { schema: pagHiperConfigSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: PH_SECRETS }), "invalid_input");
      const saved = savePagHiperConfig(submission.value, actorId);
      if (!saved.ok) return refused(intent, submission, saved, PH_SECRETS);
      return redirectWithToast(BACK, { type: "success", message: m.saved(m.pagHiper.name) });
    }
    case "test-mercadopago": {
      const submission = parseWithZod(form, { schema: mercadoPagoTestSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply({ hideFields: ["accessToken"] }), "invalid_input");
      const tested = await testMercadoPagoConnection(submission.value.accessToken || undefined);
      if (!tested.ok) return testRefused(intent, submission, tested, ["accessToken"]);
      return redirectWithToast(BACK, { type: "success", message: p.testOk(tested.value.account) });
    }
    case "test-paghiper": {
      const submission = parseWithZod(form, { schema: z.object({}) });
      const tested = await testPagHiperConnection();
      if (!tested.ok) return testRefused(intent, submission, tested, []);
      return redirectWithToast(BACK, { type: "success", message: tested.value.account });
    }
    case "save-banktransfer": {
      const submission = parseWithZod(form, { schema: bankTransferSchema });
      if (submission.status !== "success")
        return answer(intent, submission.reply(), "invalid_input");
      const saved = saveBankTransferDetails(submission.value, actorId);
      if (!saved.ok) return refused(intent, submission, saved, []);
      const bank = messages.bankTransfer;
      return redirectWithToast(BACK, {
        type: "success",
        message: saved.value ? bank.saved : bank.cleared,
      });
    }
    case "clear-banktransfer": {
      const cleared = saveBankTransferDetails(NO_BANK_DETAILS, actorId);
      if (!cleared.ok) return answer(intent, null, cleared.reason);
      return redirectWithToast(BACK, { type: "success", message: messages.bankTransfer.cleared });
    }
    default:
      return answer(null, null, "invalid_input");
  }
}
