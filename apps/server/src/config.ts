import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSecretKey } from './lib/secret-box.ts';

export interface TlsConfig {
  cert: Buffer;
  key: Buffer;
  /** Where they were read from: read again on SIGHUP, after a renewal (server.ts). */
  certFile: string;
  keyFile: string;
}

/** Settings read once from the environment at start. */
export interface Config {
  port: number;
  /** Port of the Prometheus /metrics listener on 127.0.0.1 (METRICS_PORT); unset: no listener (0: any free port, for tests). */
  metricsPort: number | undefined;
  /**
   * The address the server listens on (HOST). Unset: 127.0.0.1 (this machine only) while demo data
   * is on, whose password is published; 0.0.0.0 (every address) with DEMO_DATA=off.
   */
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Where the embedded PGlite runs (EMBEDDED_DATABASE_THREAD, ADR 019): `main`, the server's own
   * thread (default: the faster for bookings), or `worker`, a thread of its own, so static files
   * and health checks answer while a statement runs (every database call still waits its turn).
   */
  embeddedDatabaseThread: 'main' | 'worker';
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where users reach the web app (PUBLIC_URL, default http://localhost:PORT, https:// with TLS):
   * links in mails and the API document's server. A card checkout returns to the address the payer
   * is on instead when that is this server (lib/return-base-url.ts).
   */
  publicUrl: string;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Seconds between an event stream's heartbeats, each also rechecking its session (REALTIME_HEARTBEAT_SECONDS, 25). */
  realtimeHeartbeatSeconds: number;
  cookieSecure: boolean;
  /**
   * HTTPS served by the server itself, HTTP/2 with HTTP/1.1 for clients without it (TLS_CERT_FILE
   * and TLS_KEY_FILE, PEM files, both or neither; ADR 043). Unset: plain HTTP/1.1, for this machine
   * or behind a proxy that terminates TLS.
   */
  tls: TlsConfig | undefined;
  webDist: string | undefined;
  jobs: boolean;
  /** Trust X-Forwarded-For from a proxy in front (for client IPs in rate limits and logs). */
  trustProxy: boolean;
  loginRateLimitPerMinute: number;
  /** Calls one agent API key may make a minute (API_KEY_RATE_LIMIT_PER_MINUTE, default 120). */
  apiKeyRateLimitPerMinute: number;
  /**
   * Webhooks may go to this machine's loopback addresses, over plain http too
   * (WEBHOOKS_ALLOW_LOOPBACK=true: tests and local development only; ADR 038). Off: public https only.
   */
  webhooksAllowLoopback: boolean;
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
  /** Where uploaded files keep their bytes (FILE_STORAGE): a folder under `dataDir` (default) or an S3-compatible bucket. */
  fileStorage: 'local' | 's3';
  /** The bucket's settings (S3_*), present exactly when `fileStorage` is `s3`. */
  s3: S3Config | undefined;
  /** Who agents' system builders write to, and the terms they build under, as the API reference shows them (API_CONTACT_*, API_LICENSE_*). */
  apiContact: { name: string; email: string; url: string | undefined };
  apiLicense: { name: string; url: string };
}

export interface S3Config {
  bucket: string;
  region: string;
  /** A store other than AWS (MinIO and the like), e.g. `http://minio:9000`. */
  endpoint: string | undefined;
  /** Both or neither; neither = the SDK's default credentials (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path rather than the host name; by default on when `endpoint` is set. */
  forcePathStyle: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** A TCP port, or undefined when unset. */
function portFrom(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  return n;
}

function gatewayFrom(value: string | undefined): Config['paymentGateway'] {
  if (value === undefined || value === '' || value === 'sandbox') return 'sandbox';
  if (value === 'stripe') return 'stripe';
  throw new Error(`PAYMENT_GATEWAY must be sandbox or stripe, got "${value}"`);
}

function fileStorageKindFrom(value: string | undefined): Config['fileStorage'] {
  if (value === undefined || value === '' || value === 'local') return 'local';
  if (value === 's3') return 's3';
  throw new Error(`FILE_STORAGE must be local or s3, got "${value}"`);
}

/** The bucket's settings, read and checked only when FILE_STORAGE=s3: a half-set bucket is refused at start. */
function s3From(env: NodeJS.ProcessEnv): S3Config {
  const bucket = env.S3_BUCKET || undefined;
  const region = env.S3_REGION || undefined;
  if (!bucket || !region) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION (any region name, e.g. us-east-1, for a store that ignores it)');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http:// or https:// address, got "${endpoint}"`);
  const pathStyle = env.S3_FORCE_PATH_STYLE || undefined;
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credentials');
  return { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle: pathStyle === undefined ? endpoint !== undefined : pathStyle === 'true' };
}

/** An http(s) address from the environment, or the fallback when unset. */
function urlFrom(value: string | undefined, fallback: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return fallback;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new Error(`${name} must be an http:// or https:// address, got "${value}"`);
  return value;
}

function embeddedDatabaseThreadFrom(value: string | undefined): 'main' | 'worker' {
  if (value === undefined || value === '' || value === 'main') return 'main';
  if (value === 'worker') return 'worker';
  throw new Error(`EMBEDDED_DATABASE_THREAD must be main or worker (got ${JSON.stringify(value)})`);
}

/** The certificate chain and its key, read at start: a missing or unreadable file stops the server with its variable's name. */
function tlsFrom(env: NodeJS.ProcessEnv): TlsConfig | undefined {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (PEM files) to serve HTTPS, or neither');
  return readTlsFiles(certFile, keyFile);
}

/** The certificate chain and key from their PEM files; an unreadable one is named by its variable. */
export function readTlsFiles(certFile: string, keyFile: string): TlsConfig {
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${name} cannot be read (${file}): ${(error as Error).message}`);
    }
  };
  return { cert: read(certFile, 'TLS_CERT_FILE'), key: read(keyFile, 'TLS_KEY_FILE'), certFile, keyFile };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const fileStorage = fileStorageKindFrom(env.FILE_STORAGE);
  const tls = tlsFrom(env);
  const publicUrl = urlFrom(env.PUBLIC_URL, `${tls ? 'https' : 'http'}://localhost:${port}`, 'PUBLIC_URL')!.replace(/\/$/, '');
  const demoData = (env.DEMO_DATA ?? 'on') !== 'off';
  return {
    port,
    metricsPort: portFrom(env.METRICS_PORT, 'METRICS_PORT'),
    host: env.HOST || (demoData ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    embeddedDatabaseThread: embeddedDatabaseThreadFrom(env.EMBEDDED_DATABASE_THREAD),
    demoData,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sagano Group Bookings <no-reply@sagano.example>',
    publicUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    realtimeHeartbeatSeconds: intFrom(env.REALTIME_HEARTBEAT_SECONDS, 25, 'REALTIME_HEARTBEAT_SECONDS'),
    sessionAbsoluteHours: intFrom(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    // Served over HTTPS, the session cookie is Secure unless COOKIE_SECURE=false says otherwise.
    cookieSecure: tls ? env.COOKIE_SECURE !== 'false' : env.COOKIE_SECURE === 'true',
    tls,
    webDist: env.WEB_DIST,
    jobs: env.JOBS !== 'off',
    trustProxy: env.TRUST_PROXY === 'true',
    loginRateLimitPerMinute: intFrom(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30, 'LOGIN_RATE_LIMIT_PER_MINUTE'),
    apiKeyRateLimitPerMinute: intFrom(env.API_KEY_RATE_LIMIT_PER_MINUTE, 120, 'API_KEY_RATE_LIMIT_PER_MINUTE'),
    webhooksAllowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === 'true',
    totpSecretKey: env.TOTP_SECRET_KEY ? parseSecretKey(env.TOTP_SECRET_KEY, 'TOTP_SECRET_KEY') : undefined,
    paymentGateway: gatewayFrom(env.PAYMENT_GATEWAY),
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    checkoutReconcileMinutes: intFrom(env.CHECKOUT_RECONCILE_MINUTES, 10, 'CHECKOUT_RECONCILE_MINUTES'),
    fileStorage,
    s3: fileStorage === 's3' ? s3From(env) : undefined,
    apiContact: {
      name: env.API_CONTACT_NAME || 'Sagano group bookings desk',
      email: env.API_CONTACT_EMAIL || 'groups@sagano.example',
      url: urlFrom(env.API_CONTACT_URL, undefined, 'API_CONTACT_URL'),
    },
    apiLicense: {
      name: env.API_LICENSE_NAME || 'Proprietary: for the operator and its contracted travel agents',
      url: urlFrom(env.API_LICENSE_URL, `${publicUrl}/v1/docs`, 'API_LICENSE_URL')!,
    },
  };
}
