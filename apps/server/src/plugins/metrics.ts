/**
 * Prometheus metrics (ADR 021). Every answer of the app is timed into a histogram by route
 * template (never the raw URL: no ids or tokens), method and status class. The text is served
 * at /metrics on a listener of its own, METRICS_PORT on 127.0.0.1 only: never on the public
 * port, and a scraper needs no session that expires. The backlog gauges (outbox, card webhooks)
 * are read from the database at each scrape; the process's metrics (Node defaults, job
 * counters) come from lib/process-metrics.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { processMetrics } from '../lib/process-metrics.ts';

/** Where the metrics listener binds: this machine only (a scraper runs beside the server). */
export const METRICS_HOST = '127.0.0.1';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once the app is ready; null without METRICS_PORT. */
    metricsAddress(): AddressInfo | null;
  }
}

interface Backlog {
  outbox_pending: number;
  outbox_oldest_seconds: number | null;
  outbox_failed: number;
  webhooks_pending: number;
  webhooks_oldest_seconds: number | null;
}

/**
 * One round trip, each part on an index: outbox_mails (status, next_attempt_at) and the partial
 * index of unprocessed gateway events. Ages by the database's clock, as the rows were stamped.
 */
async function readBacklog(db: Db): Promise<Backlog> {
  const mails = t.outboxMails;
  const events = t.gatewayEvents;
  const [row] = rowsOf<Backlog>(
    await db.execute(sql`select
      (select count(*)::int from ${mails} where ${mails.status} = 'PENDING') as outbox_pending,
      (select extract(epoch from now() - min(${mails.createdAt}))::float8 from ${mails} where ${mails.status} = 'PENDING') as outbox_oldest_seconds,
      (select count(*)::int from ${mails} where ${mails.status} = 'FAILED') as outbox_failed,
      (select count(*)::int from ${events} where ${events.processedAt} is null) as webhooks_pending,
      (select extract(epoch from now() - min(${events.receivedAt}))::float8 from ${events} where ${events.processedAt} is null) as webhooks_oldest_seconds`),
  );
  return row!;
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: { db: Db; port: number | undefined }) => {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route template (unmatched: no route), method and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  // The backlog gauges have a registry of their own: left out of a scrape whose read failed, rather than reading 0.
  const backlogRegistry = new Registry();
  const gauge = (name: string, help: string, registers = [backlogRegistry]) => new Gauge({ name, help, registers });
  const outboxPending = gauge('sagano_outbox_pending_mails', 'Mails in the outbox not sent yet (PENDING, including those waiting for a retry).');
  const outboxOldest = gauge('sagano_outbox_oldest_pending_age_seconds', 'Age of the oldest mail not sent yet (0 when none).');
  const outboxFailed = gauge('sagano_outbox_failed_mails', 'Mails the outbox gave up on (FAILED, until resent).');
  const webhooksPending = gauge('sagano_webhook_events_pending', 'Card gateway webhook events received but not processed yet.');
  const webhooksOldest = gauge('sagano_webhook_oldest_pending_age_seconds', 'Age of the oldest unprocessed card gateway webhook event (0 when none): the webhook lag.');
  const databaseUp = gauge('sagano_metrics_database_up', '1 when the backlog gauges were read from the database at this scrape, 0 when it did not answer.', [registry]);

  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  async function scrape(): Promise<string> {
    const registries = [processMetrics, registry];
    try {
      const backlog = await readBacklog(opts.db);
      outboxPending.set(backlog.outbox_pending);
      outboxOldest.set(Math.max(0, backlog.outbox_oldest_seconds ?? 0));
      outboxFailed.set(backlog.outbox_failed);
      webhooksPending.set(backlog.webhooks_pending);
      webhooksOldest.set(Math.max(0, backlog.webhooks_oldest_seconds ?? 0));
      databaseUp.set(1);
      registries.push(backlogRegistry);
    } catch (error) {
      // The process and request metrics still matter most when the database does not answer.
      app.log.warn({ err: error }, 'metrics: the backlog could not be read');
      databaseUp.set(0);
    }
    return Registry.merge(registries).metrics();
  }

  const port = opts.port;
  const listener = port === undefined ? undefined : createServer((request, response) => void answer(request, response));
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null | undefined) ?? null);
  if (listener === undefined) return;

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only GET /metrics is served here\n');
      return;
    }
    try {
      const text = await scrape();
      response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text);
    } catch (error) {
      app.log.error({ err: error }, 'metrics: the scrape failed');
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('the metrics could not be collected\n');
    }
  }
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, METRICS_HOST, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    const { port: bound } = listener.address() as AddressInfo;
    app.log.info(`metrics: http://${METRICS_HOST}:${bound}/metrics`);
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
});
