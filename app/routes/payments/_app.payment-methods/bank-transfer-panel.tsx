import { Form, useNavigation } from "@remix-run/react";
import { Field } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import {
  ACCOUNT_MAX,
  AGENCY_MAX,
  BANK_MAX,
  bankTransferSchema,
  CNPJ_INPUT_MAX,
  HOLDER_MAX,
  PIX_KEY_MAX,
} from "~/schemas/payments/bank-transfer";
import { formatCnpj } from "~/utils/cnpj";
import * as messages from "~/messages";
import type { ActionData } from "./gateway-forms";
import { GatewayForm, GatewaySection, lastResultFor } from "./gateway-section";
import type { PaymentMethodsData } from "./payment-methods.server";

const t = messages.bankTransfer;

/**
 * "Transferência bancária": the account customers transfer to (ADR 0044). Saved, transfer is
 * offered to customers; every field blank (or "Remover dados bancários"), it is not.
 */
export function BankTransferPanel({
  settings,
  actionData,
}: {
  settings: PaymentMethodsData["bankTransfer"];
  actionData: ActionData | undefined;
}) {
  const details = settings.details;
  const [form, fields] = useSchemaForm(bankTransferSchema, {
    id: "bank-transfer-config",
    lastResult: lastResultFor(actionData, "save-banktransfer"),
    defaultValue: details ? { ...details, cnpj: formatCnpj(details.cnpj) } : undefined,
  });
  const navigation = useNavigation();
  const clearing =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "clear-banktransfer";
  return (
    <GatewaySection
      id="bank-transfer"
      title={t.title}
      description={t.description}
      updatedAt={settings.updatedAt}
      configured={settings.configured}
    >
      <GatewayForm form={form} intent="save-banktransfer">
        <Field
          meta={fields.bank}
          label={t.bank}
          placeholder={t.bankPlaceholder}
          maxLength={BANK_MAX}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            meta={fields.agency}
            label={t.agency}
            inputMode="numeric"
            autoComplete="off"
            maxLength={AGENCY_MAX}
          />
          <Field
            meta={fields.account}
            label={t.account}
            inputMode="numeric"
            autoComplete="off"
            maxLength={ACCOUNT_MAX}
          />
        </div>
        <Field meta={fields.holder} label={t.holder} maxLength={HOLDER_MAX} />
        <Field
          meta={fields.cnpj}
          label={t.cnpj}
          placeholder={t.cnpjPlaceholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={CNPJ_INPUT_MAX}
        />
        <Field
          meta={fields.pixKey}
          label={t.pixKey}
          autoComplete="off"
          spellCheck={false}
          maxLength={PIX_KEY_MAX}
        />
      </GatewayForm>
      {settings.configured && (
        <Form method="post" className="space-y-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="clear-banktransfer" />
          <p className="text-sm text-slate-600">{t.clearHint}</p>
          <div className="flex justify-end">
            <button type="submit" className="btn-secondary" disabled={clearing}>
              {clearing ? t.clearing : t.clear}
            </button>
          </div>
        </Form>
      )}
    </GatewaySection>
  );
}
