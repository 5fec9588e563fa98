import { simpleParser, type ParsedMail } from "mailparser";
import { escapeHtml } from "~/integrations/simulator-server.server";
import { caughtMailRaw, caughtMails, mailCatcherEnabled } from "~/models/mail/index.server";
import * as messages from "~/messages";
import { formatDateTime } from "~/utils/format";

const m = messages.mail;

/**
 * /mail-sim: the local catcher's inbox, a plain server-written page like the payment simulators'
 * (no JavaScript). A message's HTML is shown in a sandboxed iframe (no scripts, no forms, no
 * navigation of this page) under a policy that lets it load nothing from anywhere.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}
header{background:#1d4ed8;color:#fff;padding:12px 24px;font-weight:700}
main{max-width:960px;margin:24px auto;padding:0 16px}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top}
a{color:#1d4ed8}
iframe{width:100%;height:520px;border:1px solid #d1d5db;background:#fff}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #d1d5db;padding:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
dt{font-weight:600}
</style></head>
<body><header>${escapeHtml(m.simTitle)}</header><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": PAGE_POLICY,
      "Cache-Control": "no-store",
    },
  });
}

const notFound = () => page(m.simNotFound, `<p>${escapeHtml(m.simNotFound)}</p>`, 404);

function inbox(): Response {
  const mails = caughtMails();
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.to)}</td><td><a href="/mail-sim/${mail.id}">${escapeHtml(mail.subject)}</a></td><td>${escapeHtml(formatDateTime(mail.createdAt))}</td></tr>`,
    )
    .join("");
  const list =
    mails.length === 0
      ? `<p>${escapeHtml(m.simEmpty)}</p>`
      : `<table><thead><tr><th>${escapeHtml(m.simTo)}</th><th>${escapeHtml(m.simSubject)}</th><th>${escapeHtml(m.simDate)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page(m.simTitle, `<p>${escapeHtml(m.simSubtitle)}</p>${list}`);
}

/** The text part with its addresses made links, so a reset link can be followed from here. */
function linkedText(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`,
  );
}

function message(id: number, mail: ParsedMail, createdAt: Date): Response {
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
  const attachments =
    mail.attachments.length === 0
      ? `<p>${escapeHtml(m.simNoAttachments)}</p>`
      : `<ul>${mail.attachments
          .map(
            (file, index) =>
              `<li><a href="/mail-sim/${id}/attachments/${index}" download="${escapeHtml(file.filename ?? "")}">${escapeHtml(file.filename ?? String(index))}</a> (${escapeHtml(file.contentType)}, ${file.size} B)</li>`,
          )
          .join("")}</ul>`;
  // Links open outside the sandbox, in a new tab; the rest of the message cannot reach this page.
  const srcdoc = `<base target="_blank">${mail.html || ""}`;
  const body = `<p><a href="/mail-sim">${escapeHtml(m.simBack)}</a></p>
<h1>${escapeHtml(mail.subject ?? "")}</h1>
<dl><dt>${escapeHtml(m.simFrom)}</dt><dd>${escapeHtml(mail.from?.text ?? "")}</dd>
<dt>${escapeHtml(m.simTo)}</dt><dd>${escapeHtml(to)}</dd>
<dt>${escapeHtml(m.simDate)}</dt><dd>${escapeHtml(formatDateTime(createdAt))}</dd></dl>
<h2>${escapeHtml(m.simHtmlPart)}</h2>
<iframe title="${escapeHtml(m.simHtmlPart)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(srcdoc)}"></iframe>
<h2>${escapeHtml(m.simTextPart)}</h2>
<pre>${linkedText(mail.text ?? "")}</pre>
<h2>${escapeHtml(m.simAttachments)}</h2>${attachments}`;
  return page(mail.subject ?? m.simTitle, body);
}

/** GET /mail-sim, /mail-sim/:id, /mail-sim/:id/attachments/:n; a 404 when the catcher is off. */
export async function serveMailSimulator(request: Request, path: string): Promise<Response> {
  if (!mailCatcherEnabled() || (request.method !== "GET" && request.method !== "HEAD"))
    return notFound();
  if (path === "" || path === "/") return inbox();
  const match = /^(\d{1,12})(?:\/attachments\/(\d{1,3}))?\/?$/.exec(path);
  const caught = match ? caughtMailRaw(Number(match[1])) : undefined;
  if (!match || !caught) return notFound();
  const parsed = await simpleParser(caught.raw);
  if (match[2] === undefined) return message(caught.id, parsed, caught.createdAt);
  const file = parsed.attachments[Number(match[2])];
  if (!file) return notFound();
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${(file.filename ?? "anexo").replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
