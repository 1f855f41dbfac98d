import { resolve } from 'node:path';
import { parseSecretKey } from './lib/secret-box.ts';

/** Settings read once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where users reach the web app; used to build links in mails. */
  publicUrl: string;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  cookieSecure: boolean;
  webDist: string | undefined;
  jobs: boolean;
  /** Trust X-Forwarded-For from a proxy in front (for client IPs in rate limits and logs). */
  trustProxy: boolean;
  loginRateLimitPerMinute: number;
  /**
   * The key two-factor secrets are sealed with (TOTP_SECRET_KEY, 32 bytes as base64 or hex).
   * Unset: the server keeps one in the data folder (totp-secret.key).
   */
  totpSecretKey: Buffer | undefined;
  /** The card gateway (PAYMENT_GATEWAY): the built-in sandbox (default) or Stripe. */
  paymentGateway: 'sandbox' | 'stripe';
  /** The sandbox's webhook signing secret; unset, it is derived from the two-factor key so every server agrees. */
  sandboxWebhookSecret: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** How long a card checkout may stay open before the reconcile sweep asks the gateway (minutes). */
  checkoutReconcileMinutes: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function gatewayFrom(value: string | undefined): Config['paymentGateway'] {
  if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
  if (value === 'stripe') return 'stripe';
  throw new Error(`PAYMENT_GATEWAY must be sandbox or stripe, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demoData: (env.DEMO_DATA ?? 'on') !== 'off',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sagano Group Bookings <no-reply@sagano.example>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: intFrom(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    cookieSecure: env.COOKIE_SECURE === 'true',
    webDist: env.WEB_DIST,
    jobs: env.JOBS !== 'off',
    trustProxy: env.TRUST_PROXY === 'true',
    loginRateLimitPerMinute: intFrom(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30, 'LOGIN_RATE_LIMIT_PER_MINUTE'),
    totpSecretKey: env.TOTP_SECRET_KEY ? parseSecretKey(env.TOTP_SECRET_KEY, 'TOTP_SECRET_KEY') : undefined,
    paymentGateway: gatewayFrom(env.PAYMENT_GATEWAY),
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    checkoutReconcileMinutes: intFrom(env.CHECKOUT_RECONCILE_MINUTES, 10, 'CHECKOUT_RECONCILE_MINUTES'),
  };
}
