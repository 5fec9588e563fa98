import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckboxField, Field } from "~/components/form-fields";
import { useSchemaForm } from "~/components/schema-form";
import {
  GATEWAY_KEY_MAX,
  mercadoPagoConfigSchema,
  mercadoPagoTestSchema,
  NOTIFICATION_URL_MAX,
} from "~/schemas/payments/payments";
import * as messages from "~/messages";
import { GatewayPanel, type GatewayPanelProps } from "./gateway-panel";
import { GatewayForm, lastResultFor, SecretField } from "./gateway-section";

const m = messages.invoicesAdmin.methods;

export function MercadoPagoPanel({
  config,
  webhookUrl,
  actionData,
}: GatewayPanelProps<"mercadopago">) {
  const t = m.mercadoPago;
  const [form, fields] = useSchemaForm(mercadoPagoConfigSchema, {
    id: "mercadopago-config",
    lastResult: lastResultFor(actionData, "save-mercadopago"),
    defaultValue: {
      publicKey: config.publicKey,
      sandboxMode: config.sandboxMode ? "on" : undefined,
      notificationUrl: config.notificationUrl,
    },
  });
  const [testForm, testFields] = useForm({
    id: "mercadopago-test",
    lastResult: lastResultFor(actionData, "test-mercadopago"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mercadoPagoTestSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <GatewayPanel
      gateway="mercadopago"
      texts={t}
      config={config}
      webhookUrl={webhookUrl}
      test={
        <GatewayForm form={testForm} intent="test-mercadopago" heading={t.testTitle}>
          <SecretField
            label={t.testToken}
            field={testFields.accessToken}
            masked={config.accessTokenMasked}
            hint={t.testTokenHint}
          />
        </GatewayForm>
      }
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
    </GatewayPanel>
  );
}
