import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckboxField, Field } from "~/components/form-fields";
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
  GatewayForm,
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
      <GatewayForm form={form} intent="save-mercadopago">
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
      </GatewayForm>
      <CopyableUrl label={t.webhookUrl} url={webhookUrl} />
      <GatewayForm form={testForm} intent="test-mercadopago" heading={t.testTitle}>
        <SecretField
          label={t.testToken}
          field={testFields.accessToken}
          masked={config.accessTokenMasked}
          hint={t.testTokenHint}
        />
      </GatewayForm>
    </GatewaySection>
  );
}
