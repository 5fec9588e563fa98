import * as messages from "~/messages";
import { companyLines } from "../company/company.server";
import { publicSeo } from "../seo/seo.server";

const m = messages.mail;

export type MailLayout = {
  subject: string;
  /** The message's title, above its paragraphs. */
  heading: string;
  paragraphs: string[];
  /** One button, its address repeated in the text for readers that show no buttons. */
  action?: { label: string; url: string };
  /** Small print under the button: validity, "ignore if it was not you", how to turn this kind off. */
  footnotes?: string[];
};

export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Who the message comes from, printed in every footer: the site's name (SEO settings) and the
 * company identity the admin keeps (razão social · CNPJ, address, e-mail · WhatsApp; none while
 * it is not set, ADR 0045).
 */
export function mailIdentity(): { appName: string; companyLines: string[] } {
  return { appName: publicSeo().siteName, companyLines: companyLines() };
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const FONT = "font-family:Arial,Helvetica,sans-serif;";

/**
 * A message in the house layout, as HTML (one centred table, inline styles: what mail clients
 * render alike) and as plain text with the same words. Every value is escaped here.
 */
export function renderMail(layout: MailLayout): RenderedMail {
  const { appName, companyLines } = mailIdentity();
  const footer = [m.footerSentBy(appName), ...companyLines, m.footerAutomatic];
  const footnotes = layout.footnotes ?? [];

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;${FONT}font-size:15px;line-height:22px;color:#1f2937;">${escapeHtml(value)}</p>`;
  const small = (value: string) =>
    `<p style="margin:0 0 8px;${FONT}font-size:12px;line-height:18px;color:#6b7280;">${escapeHtml(value)}</p>`;
  const action = layout.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="background:#1d4ed8;border-radius:6px;">` +
      `<a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(layout.action.label)}</a>` +
      `</td></tr></table>` +
      small(m.actionFallback) +
      `<p style="margin:0 0 16px;${FONT}font-size:12px;line-height:18px;word-break:break-all;"><a href="${escapeHtml(layout.action.url)}" style="color:#1d4ed8;">${escapeHtml(layout.action.url)}</a></p>`
    : "";

  const html = [
    `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;">`,
    `<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;${FONT}font-size:18px;font-weight:bold;color:#1d4ed8;">${escapeHtml(appName)}</td></tr>`,
    `<tr><td style="padding:28px 32px 12px;">`,
    `<h1 style="margin:0 0 20px;${FONT}font-size:22px;line-height:28px;color:#111827;">${escapeHtml(layout.heading)}</h1>`,
    ...layout.paragraphs.map(paragraph),
    action,
    ...footnotes.map(small),
    `</td></tr>`,
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;">${footer.map(small).join("")}</td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join("\n");

  const text = [
    appName,
    "",
    layout.heading,
    "",
    ...layout.paragraphs.flatMap((value) => [value, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(footnotes.length > 0 ? [...footnotes, ""] : []),
    "--",
    ...footer,
  ].join("\n");

  return { subject: layout.subject, html, text };
}
