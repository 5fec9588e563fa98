import { randomInt } from "node:crypto";
import * as messages from "~/messages";
import { saoPauloClock, saoPauloDay } from "~/utils/format";
import type { PagHiperStatus } from "../client.server";
import type {
  PagHiperSimulatorOptions,
  SimulatedNotification,
  SimulatedPixTransaction,
} from "./types";

/**
 * What the PagHiper simulator remembers — charges, by transaction and by order id, and the
 * notifications it sent — and the tester's actions that change a charge's status, each POSTed
 * form-encoded to the charge's notification_url as PagHiper does.
 */

/** A tester action the charge's status does not allow; the message is pt-BR. */
export class PagHiperSimulatorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PagHiperSimulatorRefusal";
  }
}

export type TesterAction = "pay" | "expire" | "cancel" | "refund";
const NOTIFICATION_TIMEOUT_MS = 10_000;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Which statuses each tester action starts from. */
export const ALLOWED_FROM: Record<TesterAction, readonly PagHiperStatus[]> = {
  pay: ["pending", "reserved"],
  expire: ["pending", "reserved"],
  cancel: ["pending", "reserved"],
  refund: ["paid", "completed"],
};

const pages = messages.pagHiperSim.pages;
export const statusLabel = (status: PagHiperStatus) => messages.pagHiperSim.statuses[status];

export function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return code;
}

/** "YYYY-MM-DD HH:MM:SS" in Brasília time. */
export function brasiliaDateTime(date = new Date()): string {
  const { year, month, day, hour, minute, second } = saoPauloClock(date);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

export function daysFromToday(days: number): string {
  return saoPauloDay(Date.now() + days * 86_400_000);
}

export type PagHiperStore = ReturnType<typeof createPagHiperStore>;

export function createPagHiperStore(options: PagHiperSimulatorOptions) {
  const transactions = new Map<string, SimulatedPixTransaction>();
  const byOrderId = new Map<string, SimulatedPixTransaction>();
  const notifications: SimulatedNotification[] = [];
  const inFlight = new Set<Promise<void>>();
  const deliver = options.fetch ?? fetch;

  function changeStatus(transaction: SimulatedPixTransaction, status: PagHiperStatus) {
    const now = brasiliaDateTime();
    transaction.status = status;
    transaction.statusDate = now;
    if (status === "paid") transaction.paidDate = now;
  }

  function track(delivery: Promise<void>) {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  /** POSTs a notification as PagHiper does; its id is confirmable before the POST leaves. */
  async function notify(transaction: SimulatedPixTransaction): Promise<void> {
    let notificationId = randomCode(64);
    while (transaction.notificationIds.includes(notificationId)) notificationId = randomCode(64);
    transaction.notificationIds.push(notificationId);
    const notification: SimulatedNotification = {
      url: transaction.notificationUrl,
      body: {
        apiKey: options.apiKey,
        transaction_id: transaction.transactionId,
        notification_id: notificationId,
        notification_date: brasiliaDateTime(),
        source_api: "pix",
      },
      status: null,
    };
    notifications.push(notification);
    try {
      const response = await deliver(notification.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(notification.body).toString(),
        signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
      });
      notification.status = response.status;
      await response.body?.cancel();
    } catch {
      // The app did not answer: the status stays null, as PagHiper would retry it later.
    }
  }

  function refusalOf(action: TesterAction, transaction: SimulatedPixTransaction): string | null {
    if (ALLOWED_FROM[action].includes(transaction.status)) return null;
    const label = statusLabel(transaction.status);
    if (action === "pay") return pages.cannotPay(label);
    if (action === "expire") return pages.cannotExpire(label);
    if (action === "cancel") return pages.cannotCancel(label);
    return pages.cannotRefund(label);
  }

  async function act(action: TesterAction, transactionId: string): Promise<void> {
    const transaction = transactions.get(transactionId);
    if (!transaction) throw new PagHiperSimulatorRefusal(pages.unknownTransaction(transactionId));
    const refusal = refusalOf(action, transaction);
    if (refusal) throw new PagHiperSimulatorRefusal(refusal);
    if (action === "pay") changeStatus(transaction, "paid");
    else if (action === "refund") changeStatus(transaction, "refunded");
    else {
      if (action === "expire") {
        const yesterday = daysFromToday(-1);
        if (transaction.dueDate > yesterday) transaction.dueDate = yesterday;
      }
      changeStatus(transaction, "canceled");
    }
    await notify(transaction);
  }

  return {
    transactions,
    byOrderId,
    notifications,
    changeStatus,
    track,
    notify,
    act,
    /** Resolves when every notification in flight has been answered. */
    async settled() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
