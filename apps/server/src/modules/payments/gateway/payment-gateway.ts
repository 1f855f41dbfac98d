/**
 * The payment gateway port (DESIGN §6, ADR 012): how the payments module talks to a card
 * provider. No card number ever reaches our server: the agent pays on the provider's hosted
 * checkout page and comes back. Amounts cross the port in e6 (JPY has no minor unit; an adapter
 * converts to whole yen). An adapter is stateless, never called inside a database transaction,
 * and every call that creates something carries an idempotency key.
 */
export type GatewayId = 'sandbox' | 'stripe';

export interface CheckoutRequest {
  paymentId: number;
  amountE6: number;
  currency: 'JPY';
  /** What the checkout page shows: booking number and group name. */
  description: string;
  /** Where the provider sends the payer back, paid or not. */
  returnUrl: string;
  /**
   * The site's base URL as the payer reached it (PUBLIC_URL, or this server's own address they
   * browse): a provider whose checkout page is served by this server (the sandbox) puts it there.
   */
  siteUrl?: string;
  idempotencyKey: string;
}

export interface CheckoutStarted {
  /** The provider's id for this checkout: webhooks and look-ups name it. */
  gatewayRef: string;
  checkoutUrl: string;
}

/** The provider's own view of a checkout (the reconcile sweep asks it). */
export type CheckoutState =
  | { status: 'PAID'; gatewayRef: string; amountE6: number; currency: string; transactionId: string }
  | { status: 'OPEN' }
  | { status: 'EXPIRED' };

/** A webhook in our words (verified and normalised by the adapter). */
export type GatewayEvent =
  | { action: 'captured'; eventId: string; gatewayRef: string; amountE6: number; currency: string; transactionId: string }
  | { action: 'failed'; eventId: string; gatewayRef: string; reason: string }
  /** `requestKey`: the idempotency key our own refund call sent (absent for a refund made at the provider). */
  | { action: 'refunded'; eventId: string; gatewayRef: string; amountE6: number; refundId: string; requestKey?: string }
  | { action: 'ignored'; eventId: string };

export interface PaymentGateway {
  readonly id: GatewayId;
  /** Shown in the UI: payments here move no real money. */
  readonly isSandbox: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  lookup(gatewayRef: string): Promise<CheckoutState>;
  refund(request: { gatewayRef: string; transactionId: string; amountE6: number; idempotencyKey: string }): Promise<{ refundId: string }>;
  /** Verifies signature and timestamp and normalises; throws GatewayError('SIGNATURE_INVALID') on a forgery or a stale event. */
  parseEvent(request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): GatewayEvent;
}

export class GatewayError extends Error {
  readonly code: 'DECLINED' | 'UNAVAILABLE' | 'SIGNATURE_INVALID' | 'REJECTED';
  constructor(code: GatewayError['code'], message: string) {
    super(message);
    this.code = code;
  }
}
