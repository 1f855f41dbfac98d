/**
 * Requests before jobs on the embedded database (ADR 017): every request is counted from its
 * arrival until its answer has gone (or the client left), so that a job waits for them before its
 * next transaction (lib/give-way.ts). An event stream (Accept: text/event-stream) stays open for
 * hours and waits for nothing: it is not counted.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { requestStarted } from '../lib/give-way.ts';

const ends = new WeakMap<FastifyReply, () => void>();

export const requestsFirstPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.accept?.includes('text/event-stream')) return;
    const end = requestStarted();
    ends.set(reply, end);
    reply.raw.once('close', end);
  });
  // An injected request (tests) has no socket to close: its answer ends it.
  app.addHook('onResponse', async (_request, reply) => ends.get(reply)?.());
});
