import * as messages from "~/messages";
import { formatBRL } from "~/utils/format";
import { escapeHtml, readBodyText } from "../../simulator-server.server";
import {
  ALLOWED_FROM,
  PagHiperSimulatorRefusal,
  type PagHiperStore,
  statusLabel,
  type TesterAction,
} from "./store.server";
import type { SimulatedPixTransaction } from "./types";

/**
 * The PagHiper simulator's pages for a tester: the list of charges at its root, one charge's
 * page (its QR Code and "copia e cola"), and the buttons that pay, expire, cancel or refund.
 */

export const ACTION_SLUGS: Record<string, TesterAction> = {
  pagar: "pay",
  expirar: "expire",
  cancelar: "cancel",
  estornar: "refund",
};
const SLUG_OF: Record<TesterAction, string> = {
  pay: "pagar",
  expire: "expirar",
  cancel: "cancelar",
  refund: "estornar",
};

const pages = messages.pagHiperSim.pages;

/** "2024-05-01" → "01/05/2024". */
function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

const PAGE_STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem; color: #1f2937; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: .5rem; text-align: left; vertical-align: top; }
  form { display: inline; }
  button { margin: 0 .25rem .25rem 0; padding: .25rem .75rem; cursor: pointer; }
  button:disabled { cursor: not-allowed; opacity: .4; }
  textarea { width: 100%; font-family: monospace; }
  img { image-rendering: pixelated; }
`;

function htmlPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}

export function pagHiperPages(store: PagHiperStore) {
  const { transactions, notifications, act } = store;

  function actionButtons(transaction: SimulatedPixTransaction, toRoot: string, back: string) {
    return (["pay", "expire", "cancel", "refund"] as const)
      .map((action) => {
        const target = `${toRoot}_simulador/${encodeURIComponent(transaction.transactionId)}/${SLUG_OF[action]}`;
        const disabled = ALLOWED_FROM[action].includes(transaction.status) ? "" : " disabled";
        const backField = back
          ? `<input type="hidden" name="voltar" value="${escapeHtml(back)}">`
          : "";
        return `<form method="post" action="${escapeHtml(target)}">${backField}<button type="submit"${disabled}>${escapeHtml(pages.actions[action])}</button></form>`;
      })
      .join("");
  }

  function notificationSummary(transaction: SimulatedPixTransaction): string {
    const sent = notifications.filter((n) => n.body.transaction_id === transaction.transactionId);
    const last = sent.at(-1);
    if (!last) return pages.noNotifications;
    return pages.notificationsSent(
      sent.length,
      last.status === null ? pages.noAnswer : String(last.status),
    );
  }

  function listPage(): Response {
    const rows = [...transactions.values()]
      .reverse()
      .map(
        (t) => `<tr>
<td><a href="pix/${escapeHtml(encodeURIComponent(t.transactionId))}">${escapeHtml(t.transactionId)}</a></td>
<td>${escapeHtml(t.orderId)}</td>
<td>${escapeHtml(formatBRL(t.valueCents))}</td>
<td>${escapeHtml(statusLabel(t.status))}</td>
<td>${escapeHtml(formatDay(t.dueDate))}</td>
<td>${escapeHtml(notificationSummary(t))}</td>
<td>${actionButtons(t, "", "")}</td>
</tr>`,
      )
      .join("\n");
    const columns = pages.columns;
    const table = rows
      ? `<table>
<thead><tr><th>${escapeHtml(columns.transaction)}</th><th>${escapeHtml(columns.order)}</th><th>${escapeHtml(columns.value)}</th><th>${escapeHtml(columns.status)}</th><th>${escapeHtml(columns.dueDate)}</th><th>${escapeHtml(columns.notifications)}</th><th>${escapeHtml(columns.actions)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
      : `<p>${escapeHtml(pages.empty)}</p>`;
    return htmlPage(
      pages.title,
      `<h1>${escapeHtml(pages.title)}</h1>\n<p>${escapeHtml(pages.intro)}</p>\n${table}`,
    );
  }

  function pixPage(transaction: SimulatedPixTransaction): Response {
    const title = pages.pixTitle(transaction.transactionId);
    const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(pages.columns.order)}: ${escapeHtml(transaction.orderId)} · ${escapeHtml(pages.columns.value)}: ${escapeHtml(formatBRL(transaction.valueCents))} · ${escapeHtml(pages.columns.status)}: ${escapeHtml(statusLabel(transaction.status))} · ${escapeHtml(pages.columns.dueDate)}: ${escapeHtml(formatDay(transaction.dueDate))}</p>
<p>${escapeHtml(pages.payer)}: ${escapeHtml(transaction.payer.name)} (${escapeHtml(transaction.payer.email)})</p>
<p><img src="data:image/png;base64,${escapeHtml(transaction.qrcodeBase64)}" alt="${escapeHtml(pages.qrAlt)}" width="264" height="264"></p>
<p><label for="emv">${escapeHtml(pages.copyPaste)}</label></p>
<p><textarea id="emv" rows="4" readonly>${escapeHtml(transaction.emv)}</textarea></p>
<p>${escapeHtml(pages.columns.notifications)}: ${escapeHtml(notificationSummary(transaction))}</p>
<p>${actionButtons(transaction, "../", "pix")}</p>
<p><a href="../">${escapeHtml(pages.backToList)}</a></p>`;
    return htmlPage(title, body);
  }

  function refusedPage(message: string, toRoot: string): Response {
    return htmlPage(
      pages.refusedTitle,
      `<h1>${escapeHtml(pages.refusedTitle)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="${escapeHtml(toRoot)}">${escapeHtml(pages.backToList)}</a></p>`,
      409,
    );
  }

  /** A tester's button pressed; `root` is the simulator's root, as the browser reached it. */
  async function testerAction(
    request: Request,
    transactionId: string,
    action: TesterAction,
    root: URL,
  ): Promise<Response> {
    const form = new URLSearchParams((await readBodyText(request)) ?? "");
    try {
      await act(action, transactionId);
    } catch (error) {
      if (error instanceof PagHiperSimulatorRefusal)
        return refusedPage(error.message, root.pathname);
      throw error;
    }
    const back =
      form.get("voltar") === "pix"
        ? new URL(`pix/${encodeURIComponent(transactionId)}`, root).pathname
        : root.pathname;
    return new Response(null, { status: 303, headers: { Location: back } });
  }

  return { listPage, pixPage, testerAction };
}
