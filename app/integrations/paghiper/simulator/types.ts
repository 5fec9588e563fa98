import type { PagHiperStatus } from "../client.server";

/** The PagHiper simulator's options, records and face (../simulator.server.ts). */

export type PagHiperSimulatorOptions = {
  /** The only credentials the API accepts. */
  apiKey: string;
  token: string;
  /** Added before every API answer, to exercise client timeouts. */
  delayMs?: number;
  /** The first N API requests fail with `failStatus` (default 500). */
  failFirst?: number;
  failStatus?: number;
  /** Delivers the notifications (default: the global fetch). */
  fetch?: typeof fetch;
};

export type SimulatedPixItem = {
  itemId: string;
  description: string;
  quantity: number;
  priceCents: number;
};

export type SimulatedPixTransaction = {
  transactionId: string;
  orderId: string;
  status: PagHiperStatus;
  valueCents: number;
  /** Brasília time, "YYYY-MM-DD HH:MM:SS", as PagHiper writes its dates. */
  createdDate: string;
  statusDate: string;
  /** "YYYY-MM-DD". */
  dueDate: string;
  paidDate: string | null;
  payer: { email: string; name: string; cpfCnpj: string; phone: string | null };
  items: SimulatedPixItem[];
  discountCents: number;
  shippingPriceCents: number;
  notificationUrl: string;
  emv: string;
  qrcodeBase64: string;
  pixUrl: string;
  qrcodeImageUrl: string;
  /** Every notification id sent for this charge: the only ones /invoice/notification/ confirms. */
  notificationIds: string[];
};

export type SimulatedNotification = {
  url: string;
  body: Record<string, string>;
  /** The app's HTTP answer; null while in flight, or when it never answered. */
  status: number | null;
};

export type PagHiperSimulator = {
  /** Answers a request for `path`, below the simulator's root ("invoice/create/", "", "pix/ID"). */
  handle(request: Request, path: string): Promise<Response>;
  /** Starts an HTTP server (ephemeral port by default); resolves to the API's base URL. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  /** Tester actions: each changes the status and resolves once the app answered the notification. */
  pay(transactionId: string): Promise<void>;
  cancel(transactionId: string): Promise<void>;
  /** Cancels a charge as its due date passing does; the due date moves to yesterday. */
  expire(transactionId: string): Promise<void>;
  refund(transactionId: string): Promise<void>;
  /** Resolves when every notification in flight (those of an API cancel) has been answered. */
  settled(): Promise<void>;
  readonly notifications: readonly Readonly<SimulatedNotification>[];
  transactions(): readonly Readonly<SimulatedPixTransaction>[];
  /** API requests answered so far, failures included. */
  readonly requestCount: number;
};
