import type { MercadoPagoPayment, MercadoPagoPaymentStatus } from "../client.server";

/** The Mercado Pago simulator's options, records and face (../simulator.server.ts). */

export type MercadoPagoSimulatorOptions = {
  accessToken: string;
  webhookSecret: string;
  /** The seller's account id: collector_id, user_id of webhooks, GET /users/me. */
  userId?: number;
  /** Added before every API answer, to exercise client timeouts. */
  delayMs?: number;
  /** The first N API requests fail with `failStatus` (default 500). */
  failFirst?: number;
  failStatus?: number;
  /** How webhooks are delivered (the global fetch by default). */
  fetch?: typeof fetch;
  /** How long a webhook delivery may take; Mercado Pago gives up after 22 s. */
  webhookTimeoutMs?: number;
};

export type SimulatedItem = {
  id: string | null;
  title: string;
  description: string | null;
  quantity: number;
  unitPrice: number;
};

export type SimulatedPreference = {
  readonly id: string;
  readonly dateCreated: string;
  readonly items: readonly SimulatedItem[];
  readonly payerEmail: string | null;
  readonly externalReference: string | null;
  readonly notificationUrl: string | null;
  readonly backUrls: {
    readonly success?: string;
    readonly pending?: string;
    readonly failure?: string;
  };
  readonly expirationDateTo: string | null;
  readonly merchantOrderId: number;
  readonly initPoint: string;
  /** The JSON the API answered when it was created. */
  readonly body: Readonly<Record<string, unknown>>;
};

export type SimulatedPayment = {
  readonly id: string;
  readonly preferenceId: string;
  readonly status: MercadoPagoPaymentStatus;
  readonly statusDetail: string;
  readonly externalReference: string | null;
  readonly transactionAmount: number;
  readonly currencyId: string;
  /** The account the money went to: the seller's (`userId`) unless a test says otherwise. */
  readonly collectorId: number;
  readonly description: string;
  readonly paymentMethodId: string;
  readonly paymentTypeId: string;
  readonly payerEmail: string | null;
  readonly dateCreated: string;
  readonly dateApproved: string | null;
  readonly dateLastUpdated: string;
};

export type WebhookDelivery = {
  readonly paymentId: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The app's answer; null when it did not answer (network error, timeout). */
  readonly status: number | null;
};

export type PaymentOutcome = "approved" | "rejected" | "pending";

/**
 * A payment unlike its preference, as tests need to make one: another amount (in cents), another
 * currency, or money that went to another account (collector).
 */
export type PaymentOverrides = { amountCents?: number; currencyId?: string; collectorId?: number };

/** What moves a payment, each move announced by a webhook: the store's, handed on by the simulator. */
export type SimulatedPaymentMoves = {
  /** What the buyer's checkout does: creates the payment and sends its webhook. */
  pay(
    preferenceId: string,
    outcome: PaymentOutcome,
    overrides?: PaymentOverrides,
  ): Promise<MercadoPagoPayment>;
  /** Changes a payment's status and sends the payment.updated webhook. */
  setStatus(paymentId: string, status: MercadoPagoPaymentStatus): Promise<void>;
  /** Delivers the payment's last notification again (same notification id, fresh signature). */
  resend(paymentId: string): Promise<void>;
  readonly notifications: readonly WebhookDelivery[];
};

export type MercadoPagoSimulator = SimulatedPaymentMoves & {
  /** Answers a request whose path below the API root is `path` ("checkout/preferences"). */
  handle(request: Request, path: string): Promise<Response>;
  /** Starts an HTTP server (ephemeral port by default); resolves to its base URL. */
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  preferences(): readonly SimulatedPreference[];
  payments(): readonly SimulatedPayment[];
  /** API requests answered so far, injected failures included (pages not counted). */
  readonly requestCount: number;
};

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
