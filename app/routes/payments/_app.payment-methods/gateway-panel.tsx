import type { ReactNode } from "react";
import type { ActionData } from "./gateway-forms";
import { CopyableUrl, GatewaySection } from "./gateway-section";
import type { PaymentMethodsData } from "./payment-methods.server";

type Gateway = keyof PaymentMethodsData["webhooks"];

/** What the page gives each gateway's panel: its masked settings, its webhook, the last post's answer. */
export type GatewayPanelProps<Name extends Gateway> = {
  config: PaymentMethodsData[Name];
  webhookUrl: string;
  actionData: ActionData | undefined;
};

/**
 * One gateway's panel: its card with the settings form (`children`), the address to register for
 * its notifications, then its connection test (`test`).
 */
export function GatewayPanel({
  gateway,
  texts,
  config,
  webhookUrl,
  test,
  children,
}: {
  gateway: Gateway;
  texts: { title: string; description: string; webhookUrl: string };
  config: { updatedAt: string | Date | null; configured: boolean };
  webhookUrl: string;
  test: ReactNode;
  children: ReactNode;
}) {
  return (
    <GatewaySection
      id={gateway}
      title={texts.title}
      description={texts.description}
      updatedAt={config.updatedAt}
      configured={config.configured}
    >
      {children}
      <CopyableUrl label={texts.webhookUrl} url={webhookUrl} />
      {test}
    </GatewaySection>
  );
}
