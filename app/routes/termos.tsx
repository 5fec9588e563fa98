import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";

export const meta: MetaFunction = () => [{ title: `${messages.legal.termsTitle} — Encaixa` }];

export default function Terms() {
  return <LegalPage title={messages.legal.termsTitle} paragraphs={messages.legal.terms} />;
}
