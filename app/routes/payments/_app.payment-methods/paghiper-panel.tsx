import { useForm } from "@conform-to/react";
import { useSchemaForm } from "~/components/schema-form";
import { pagHiperConfigSchema } from "~/schemas/payments/payments";
import * as messages from "~/messages";
import { GatewayPanel, type GatewayPanelProps } from "./gateway-panel";
import { GatewayForm, lastResultFor, SecretField } from "./gateway-section";

const m = messages.invoicesAdmin.methods;

export function PagHiperPanel({ config, webhookUrl, actionData }: GatewayPanelProps<"paghiper">) {
  const t = m.pagHiper;
  const [form, fields] = useSchemaForm(pagHiperConfigSchema, {
    id: "paghiper-config",
    lastResult: lastResultFor(actionData, "save-paghiper"),
  });
  const [testForm] = useForm({
    id: "paghiper-test",
    lastResult: lastResultFor(actionData, "test-paghiper"),
  });
  return (
    <GatewayPanel
      gateway="paghiper"
      texts={t}
      config={config}
      webhookUrl={webhookUrl}
      test={
        <GatewayForm form={testForm} intent="test-paghiper" disabled={!config.configured}>
          {!config.configured && <p className="text-sm text-slate-600">{m.testNeedsConfig}</p>}
        </GatewayForm>
      }
    >
      <GatewayForm form={form} intent="save-paghiper">
        <SecretField label={t.apiKey} field={fields.apiKey} masked={config.apiKeyMasked} />
        <SecretField label={t.token} field={fields.token} masked={config.tokenMasked} />
      </GatewayForm>
    </GatewayPanel>
  );
}
