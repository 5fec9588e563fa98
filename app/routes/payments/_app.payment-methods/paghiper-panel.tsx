import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FormErrors } from "~/components/form-fields";
import { pagHiperConfigSchema } from "~/schemas/payments";
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
  const saving = useBusy("save-paghiper");
  const testing = useBusy("test-paghiper");
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
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save-paghiper" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <SecretField label={t.apiKey} field={fields.apiKey} masked={config.apiKeyMasked} />
        <SecretField label={t.token} field={fields.token} masked={config.tokenMasked} />
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
        <input type="hidden" name="intent" value="test-paghiper" />
        <FormErrors errors={testForm.errors} id={testForm.errorId} />
        {!config.configured && <p className="text-sm text-slate-600">{m.testNeedsConfig}</p>}
        <div className="flex justify-end">
          <button type="submit" className="btn-secondary" disabled={!config.configured || testing}>
            {testing ? m.testing : m.test}
          </button>
        </div>
      </Form>
    </GatewaySection>
  );
}
