/**
 * A card checkout comes back to the address the agent is on (DESIGN §6, card payments): the
 * sandbox's page and the return both follow the request's own origin when that is this server
 * (someone browsing at http://127.0.0.1:3000 while PUBLIC_URL says another address), so the
 * browser returns with its session cookie; any other host gets PUBLIC_URL, never the host it
 * named. Mail links keep PUBLIC_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ env: { PORT: '3000', PUBLIC_URL: 'http://sagano.test' } }));
  agents = await demoAgents(ctx);
}, 60_000);
afterAll(() => ctx.close());

let dayIndex = 0;
/** Starts paying a new confirmed booking's fare by card, the agent's browser at `host`. */
async function checkoutFrom(host: string) {
  const id = await confirmedBooking(ctx, staff, { agentId: agents.FREE.id, day: fx.days[dayIndex++ % fx.days.length]!, serviceId: fx.down, adults: 8 });
  const fare = (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: staff })).json().main_params.payment;
  const res = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${id}/payments/${fare.payment_id}/checkout`, headers: { ...agents.FREE.headers, host } });
  expect(res.statusCode, res.body).toBe(200);
  const checkoutUrl = res.json().checkout_url as string;
  const ref = checkoutUrl.slice(checkoutUrl.lastIndexOf('/') + 1);
  const page = (await ctx.app.inject({ method: 'GET', url: `/v1/sandbox-gateway/checkouts/${ref}` })).json();
  return { id, ref, checkoutUrl, returnUrl: page.return_url as string };
}

describe('a card checkout returns to the address the agent is on', () => {
  it('at this server by 127.0.0.1 (not PUBLIC_URL): the sandbox page and the return stay there', async () => {
    const { id, ref, checkoutUrl, returnUrl } = await checkoutFrom('127.0.0.1:3000');
    expect(checkoutUrl).toBe(`http://127.0.0.1:3000/sandbox-checkout/${ref}`);
    expect(returnUrl).toBe(`http://127.0.0.1:3000/bookings/${id}?payment=returned`);
    // Paying there answers the same address to go back to.
    const paid = await ctx.app.inject({ method: 'POST', url: `/v1/sandbox-gateway/checkouts/${ref}/pay`, payload: { card_number: '4242 4242 4242 4242' } });
    expect(paid.json()).toMatchObject({ outcome: 'PAID', return_url: returnUrl });
  });

  it('at PUBLIC_URL: there', async () => {
    const { id, ref, checkoutUrl, returnUrl } = await checkoutFrom('sagano.test');
    expect(checkoutUrl).toBe(`http://sagano.test/sandbox-checkout/${ref}`);
    expect(returnUrl).toBe(`http://sagano.test/bookings/${id}?payment=returned`);
  });

  it('at a host the server cannot vouch for, or its own address on another port: PUBLIC_URL, never that host', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1:8080', 'localhost.evil.example:3000']) {
      const { id, ref, checkoutUrl, returnUrl } = await checkoutFrom(host);
      expect(checkoutUrl, host).toBe(`http://sagano.test/sandbox-checkout/${ref}`);
      expect(returnUrl, host).toBe(`http://sagano.test/bookings/${id}?payment=returned`);
    }
  });
});
