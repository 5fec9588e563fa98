import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CheckboxField, Field, FormErrors } from "~/components/form-fields";
import {
  GATEWAY_KEY_MAX,
  mercadoPagoConfigSchema,
  mercadoPagoTestSchema,
  NOTIFICATION_URL_MAX,
} from "~/schemas/payments";
import * as messages from "~/messages";
import type { ActionData } from "./gateway-forms";
import {
  CopyableUrl,
  GatewaySection,
  lastResultFor,
  SecretField,
  useBusy,
} from "./gateway-section";
import type { PaymentMethodsData } from "./payment-methods.server";

const m = messages.invoicesAdmin.methods;

export function MercadoPagoPanel({
  config,
  webhookUrl,
  actionData,
}: {
  config: PaymentMethodsData["mercadopago"];
  webhookUrl: string;
  actionData: ActionData | undefined;
}) {
  const t = m.mercadoPago;
  const saving = useBusy("save-mercadopago");
  const testing = useBusy("test-mercadopago");
  const [form, fields] = useForm({
    id: "mercadopago-config",
    lastResult: lastResultFor(actionData, "save-mercadopago"),
    defaultValue: {
      publicKey: config.publicKey,
      sandboxMode: config.sandboxMode ? "on" : undefined,
      notificationUrl: config.notificationUrl,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mercadoPagoConfigSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [testForm, testFields] = useForm({
    id: "mercadopago-test",
    lastResult: lastResultFor(actionData, "test-mercadopago"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mercadoPagoTestSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <GatewaySection
      id="mercadopago"
      title={t.title}
      description={t.description}
      updatedAt={config.updatedAt}
      configured={config.configured}
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-mercadopago" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          meta={fields.publicKey}
          label={t.publicKey}
          autoComplete="off"
          spellCheck={false}
          maxLength={GATEWAY_KEY_MAX}
          className="input font-mono"
        />
        <SecretField
          label={t.accessToken}
          field={fields.accessToken}
          masked={config.accessTokenMasked}
        />
        <SecretField
          label={t.webhookSecret}
          field={fields.webhookSecret}
          masked={config.webhookSecretMasked}
        />
        <CheckboxField meta={fields.sandboxMode} label={t.sandboxMode} />
        <Field
          meta={fields.notificationUrl}
          type="url"
          label={t.notificationUrl}
          hint={t.notificationHint(webhookUrl)}
          placeholder={webhookUrl}
          maxLength={NOTIFICATION_URL_MAX}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? m.saving : m.save}
          </button>
        </div>
      </Form>
      <CopyableUrl label={t.webhookUrl} url={webhookUrl} />
      <Form
        method="post"
        className="space-y-3 border-t border-slate-200 pt-4"
        {...getFormProps(testForm)}
      >
        <input type="hidden" name="intent" value="test-mercadopago" />
        <h3 className="font-semibold">{t.testTitle}</h3>
        <FormErrors errors={testForm.errors} id={testForm.errorId} />
        <SecretField
          label={t.testToken}
          field={testFields.accessToken}
          masked={config.accessTokenMasked}
          hint={t.testTokenHint}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn-secondary" disabled={testing}>
            {testing ? m.testing : m.test}
          </button>
        </div>
      </Form>
    </GatewaySection>
  );
}
