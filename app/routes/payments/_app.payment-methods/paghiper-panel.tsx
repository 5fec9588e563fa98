import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { pagHiperConfigSchema } from "~/schemas/payments";
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

export function PagHiperPanel({
  config,
  webhookUrl,
  actionData,
}: {
  config: PaymentMethodsData["paghiper"];
  webhookUrl: string;
  actionData: ActionData | undefined;
}) {
  const t = m.pagHiper;
  const [form, fields] = useForm({
    id: "paghiper-config",
    lastResult: lastResultFor(actionData, "save-paghiper"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pagHiperConfigSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [testForm] = useForm({
    id: "paghiper-test",
    lastResult: lastResultFor(actionData, "test-paghiper"),
  });
  return (
    <GatewaySection
      id="paghiper"
      title={t.title}
      description={t.description}
      updatedAt={config.updatedAt}
      configured={config.configured}
    >
      <GatewayForm form={form} intent="save-paghiper">
        <SecretField label={t.apiKey} field={fields.apiKey} masked={config.apiKeyMasked} />
        <SecretField label={t.token} field={fields.token} masked={config.tokenMasked} />
      </GatewayForm>
      <CopyableUrl label={t.webhookUrl} url={webhookUrl} />
      <GatewayForm form={testForm} intent="test-paghiper" disabled={!config.configured}>
        {!config.configured && <p className="text-sm text-slate-600">{m.testNeedsConfig}</p>}
      </GatewayForm>
    </GatewaySection>
  );
}
