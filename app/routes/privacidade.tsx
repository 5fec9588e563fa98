import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import * as messages from "~/messages";
import type { Access } from "~/server/access";

export const access: Access = "public";

export const meta: MetaFunction = () => [{ title: `${messages.legal.privacyTitle} — Encaixa` }];

export default function Privacy() {
  return <LegalPage title={messages.legal.privacyTitle} paragraphs={messages.legal.privacy} />;
}
