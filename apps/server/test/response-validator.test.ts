/**
 * The response validator that every server test runs under (support/response-validator.ts):
 * it refuses an answer whose status the contract does not declare, a JSON body that breaks its
 * schema and a content type the operation does not declare, through inject and over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseChecker, takeMismatches, type ContractDocument } from './support/response-validator.ts';
import { until } from './support/polling.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
  // Before the app is ready: answers no route of the product gives, on a real operation's path.
  ctx.app.addHook('onRequest', async (request, reply) => {
    const wrong = request.headers['x-wrong-answer'];
    if (wrong === 'status') return reply.code(418).send({ common: { error_code: 'NOT_FOUND', error_description: 'a teapot' } });
    if (wrong === 'body') return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify({ stations: [{ station_id: 'one' }] }));
    if (wrong === 'type') return reply.code(200).type('text/html').send('<p>stations</p>');
    if (wrong === 'not-json') return reply.code(200).type('application/json').send('{"stations": [');
    if (wrong === 'hijacked') {
      // As the event stream answers: past Fastify's reply, straight onto the socket.
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/html' });
      reply.raw.end('<p>stations</p>');
    }
  });
});
afterAll(async () => {
  await ctx?.close();
});

const stations = (wrong?: string) => ctx.app.inject({ method: 'GET', url: '/v1/stations', headers: wrong ? { 'x-wrong-answer': wrong } : {} });

describe('the response validator', () => {
  it('lets an answer the contract describes pass', async () => {
    const res = await stations();
    expect(res.statusCode).toBe(200);
    expect(res.json().stations.length).toBeGreaterThan(0);
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/bookings/99999999', headers: await ctx.login('staff@example.com') });
    expect(missing.statusCode).toBe(404);
  });

  it('fails the call whose status the operation does not declare, naming the operation and the statuses it declares', async () => {
    await expect(stations('status')).rejects.toThrow(/GET \/v1\/stations answered 418 \(application\/json\).*a status its document does not declare \(it declares 200, 401/);
  });

  it('fails the call whose JSON body breaks the operation\'s schema, with the schema\'s complaints', async () => {
    await expect(stations('body')).rejects.toThrow(/GET \/v1\/stations answered 200 with a body that breaks its schema: .*\/stations\/0\/station_id must be integer/);
    await expect(stations('not-json')).rejects.toThrow(/answered 200 as application\/json with a body that is not JSON/);
  });

  it('fails the call answered in a content type the operation does not declare', async () => {
    await expect(stations('type')).rejects.toThrow(/GET \/v1\/stations answered 200 as text\/html, which its document does not declare \(it declares application\/json\)/);
  });

  it('checks answers over real HTTP too, reported when the test ends', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const ok = await fetch(`${address}/v1/stations`);
    expect(ok.status).toBe(200);
    expect(takeMismatches()).toEqual([]);
    const wrong = await fetch(`${address}/v1/stations`, { headers: { 'x-wrong-answer': 'status' } });
    expect(wrong.status).toBe(418);
    // Taken here so this test passes; left alone, the setup file's afterEach fails the test with it.
    expect(takeMismatches()).toEqual([expect.stringMatching(/^GET \/v1\/stations answered 418/)]);
    // A reply written past Fastify (the event stream's way) is checked by its status and content type when it ends.
    const hijacked = await fetch(`${address}/v1/stations`, { headers: { 'x-wrong-answer': 'hijacked' } });
    expect(await hijacked.text()).toBe('<p>stations</p>');
    const reported = await until(async () => takeMismatches(), (found) => found.length > 0, 'the hijacked answer\'s check');
    expect(reported).toEqual([expect.stringMatching(/^GET \/v1\/stations answered 200 as text\/html, which its document does not declare/)]);
  });
});

describe('the checker, on a document of its own', () => {
  const doc: ContractDocument = {
    paths: {
      '/v1/things/{thing_id}': {
        get: {
          responses: {
            200: {
              description: 'A thing',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['reason', 'at'],
                    properties: {
                      reason: { type: 'string', enum: ['FULL', 'OTHER'], nullable: true },
                      fixed: { type: 'string', enum: ['FULL', 'OTHER', null], nullable: true },
                      at: { type: 'string', format: 'date-time', example: '2027-06-10T09:00:00Z' },
                    },
                  },
                },
              },
            },
            204: { description: 'Nothing' },
          },
        },
      },
      '/v1/things/{thing_id}/picture': {
        get: { responses: { 200: { description: 'The picture', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } } },
      },
    },
  };
  const check = responseChecker(doc);
  const answer = (body: unknown, status = 200) => check({ method: 'GET', path: '/v1/things/:thing_id', status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

  it('reads Fastify\'s path templates, and leaves paths outside the document alone', () => {
    expect(answer({ reason: 'FULL', at: '2027-06-10T09:00:00Z' })).toBeUndefined();
    expect(check({ method: 'GET', path: '/v1/elsewhere', status: 500, contentType: 'text/plain', body: 'x' })).toBeUndefined();
  });

  it('refuses a null that a nullable enum does not list (OpenAPI 3.0.3), and takes it where the enum lists null', () => {
    expect(answer({ reason: null, at: '2027-06-10T09:00:00Z' })).toMatch(/\/reason must be equal to one of the allowed values/);
    expect(answer({ reason: 'OTHER', fixed: null, at: '2027-06-10T09:00:00Z' })).toBeUndefined();
  });

  it('checks formats', () => {
    expect(answer({ reason: 'FULL', at: 'tomorrow' })).toMatch(/\/at must match format "date-time"/);
  });

  it('takes an empty answer only where no content is declared', () => {
    expect(check({ method: 'GET', path: '/v1/things/{thing_id}', status: 204, contentType: undefined, body: undefined })).toBeUndefined();
    expect(check({ method: 'GET', path: '/v1/things/{thing_id}', status: 200, contentType: undefined, body: undefined })).toMatch(/empty body/);
  });

  it('takes a file answer in its declared media type, unread', () => {
    const picture = (contentType: string) => check({ method: 'GET', path: '/v1/things/:thing_id/picture', status: 200, contentType, body: Buffer.from([0x89, 0x50]) });
    expect(picture('image/png')).toBeUndefined();
    expect(picture('image/jpeg')).toMatch(/as image\/jpeg, which its document does not declare \(it declares image\/png\)/);
  });
});
