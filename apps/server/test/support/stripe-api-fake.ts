/**
 * Stripe's API in the test process, over real HTTP, for the few calls the Stripe adapter makes:
 * Checkout Sessions (create, retrieve) and Refunds (create). The real `stripe` SDK talks to it
 * unchanged (`host`, `port`, `protocol: 'http'`), so what is checked is the form body and the
 * headers the SDK actually sends. Idempotency keys behave as Stripe documents them: the same key
 * with the same parameters replays the first answer (`Idempotent-Replayed: true`), the same key
 * with other parameters is a 400 `idempotency_error`.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body as the SDK encodes it, flat: `line_items[0][price_data][unit_amount]` → '18800'. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  amount_total: number;
  currency: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

interface Answer {
  status: number;
  body: unknown;
}

const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => ({ status, body: { error: { type, message, ...extra } } });

/** The `prefix[key]` entries of a flat form as one object: `metadata[payment_id]` → { payment_id }. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.startsWith(`${prefix}[`) && key.endsWith(']') ? key.slice(prefix.length + 1, -1) : null;
    if (match !== null && !match.includes('[')) out[match] = value;
  }
  return out;
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startStripeApiFake() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  /** Captured yen per PaymentIntent, set when a session is marked paid. */
  const captured = new Map<string, { amount: number; currency: string }>();
  const idempotent = new Map<string, { method: string; path: string; params: string; answer: Answer }>();
  let counter = 0;
  let answersToDrop = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;
  const now = () => Math.floor(Date.now() / 1000);

  function createSession(form: Record<string, string>): Answer {
    const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
    const quantity = Number(form['line_items[0][quantity]'] ?? '1');
    const currency = form['line_items[0][price_data][currency]'];
    if (!Number.isInteger(unitAmount) || unitAmount < 0 || !currency) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer or missing currency in line_items[0][price_data]', { param: 'line_items[0][price_data]' });
    }
    const id = nextId('cs_test');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: form.mode ?? 'payment',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      amount_total: unitAmount * quantity,
      currency,
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      client_reference_id: form.client_reference_id ?? null,
      success_url: form.success_url ?? null,
      cancel_url: form.cancel_url ?? null,
      metadata: nested(form, 'metadata'),
      livemode: false,
      created: now(),
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function createRefund(form: Record<string, string>): Answer {
    const paymentIntent = form.payment_intent ?? '';
    const charge = captured.get(paymentIntent);
    if (!charge) return stripeError(400, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`, { code: 'resource_missing', param: 'payment_intent' });
    const already = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? charge.amount - already : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'invalid_request_error', 'Invalid positive integer', { param: 'amount' });
    if (already + amount > charge.amount) {
      return stripeError(400, 'invalid_request_error', `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${charge.amount - already})`, { param: 'amount' });
    }
    const refund: FakeRefund = { id: nextId('re'), object: 'refund', amount, currency: charge.currency, payment_intent: paymentIntent, status: 'succeeded', created: now() };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      return session ? { status: 200, body: session } : stripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionPath[1]}'`, { code: 'resource_missing', param: 'session' });
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function send(res: ServerResponse, answer: Answer, replayed: boolean) {
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}`, ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, form, headers: req.headers });

      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        return send(res, stripeError(401, 'invalid_request_error', 'Invalid API Key provided'), false);
      }
      const key = req.headers['idempotency-key'];
      const idempotencyKey = method === 'POST' && typeof key === 'string' ? key : null;
      const params = JSON.stringify(Object.entries(form).sort(([a], [b]) => a.localeCompare(b)));
      let answer: Answer;
      let replayed = false;
      const earlier = idempotencyKey === null ? undefined : idempotent.get(idempotencyKey);
      if (earlier && (earlier.method !== method || earlier.path !== url.pathname || earlier.params !== params)) {
        answer = stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
      } else if (earlier) {
        answer = earlier.answer;
        replayed = true;
      } else {
        answer = route(method, url.pathname, form);
        if (idempotencyKey !== null) idempotent.set(idempotencyKey, { method, path: url.pathname, params, answer });
      }
      if (answersToDrop > 0) {
        // The work is done and kept under its key; only the answer is lost on the way back.
        answersToDrop--;
        req.socket.destroy();
        return;
      }
      send(res, answer, replayed);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    sessions: () => [...sessions.values()],
    refunds: () => [...refunds],
    /** The payer paid on Stripe's page: the session is complete with a captured PaymentIntent. */
    markPaid(sessionId: string): string {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paymentIntent = nextId('pi');
      Object.assign(session, { payment_status: 'paid', status: 'complete', payment_intent: paymentIntent, url: null });
      captured.set(paymentIntent, { amount: session.amount_total, currency: session.currency });
      return paymentIntent;
    },
    /** The session ran out unpaid. */
    markExpired(sessionId: string): void {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'expired', url: null });
    },
    /** The next `count` requests are carried out but their answers are lost (the connection drops). */
    dropAnswers(count = 1): void {
      answersToDrop = count;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export type StripeApiFake = Awaited<ReturnType<typeof startStripeApiFake>>;
