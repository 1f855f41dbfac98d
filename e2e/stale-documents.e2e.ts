/**
 * Documents that know they are stale: the voucher and seat table were mailed, the agent asks for
 * fewer people, the operator accepts; the stepper says 再送が必要, one button re-sends both, the
 * stepper is done again. The agent sees that a newer version exists. Axe in ja and en.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season no other journey uses.
const DAY = demoDate('2027-09-02');
const mail = { mail: { subject: 's', body: 'b' } };

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

test.describe('documents outdated by a change', () => {
  test('the operator sees 再送が必要 after an accepted headcount change and re-sends with one click; the agent sees the new version', async () => {
    const agentApi = await apiSession('agent-special@example.com');
    const staffApi = await apiSession('staff@example.com');
    const { units } = await agentApi<UnitsAnswer>('GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const { services } = await agentApi<DayAnswer>('GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = services.find((s) => s.direction === 'down' && s.vacant_seats >= 40)!;
    expect(train).toBeDefined();
    const me = await agentApi<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
    const request = (adults: number) => ({
      applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
      tour_conductor: { name: '添乗 太郎', phone_number: '090-1111-2222' },
      group: { group_type: 'NORMAL', name: '嵐山さくら会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults }], wheel_chairs: [] },
    });
    const { booking_id: id } = await agentApi<{ booking_id: string }>('POST', '/v1/bookings', { ...request(34), agent_id: me.user.agent_id });
    // The operator takes it to the voucher, mailed.
    for (const [step, body] of [['reserve_allotments', {}], ['confirm_booking', mail], ['assign_seats', {}], ['assign_seats_ok', {}], ['send_seat_table', mail], ['confirm_voucher', { note: '' }], ['send_voucher', mail]] as const) {
      await staffApi('POST', `/v1/bookings/${id}/${step}`, body);
    }
    // The agent asks for 29 instead of 34; the operator accepts.
    await agentApi('PUT', `/v1/bookings/${id}/params`, { ...request(29), note: '5名減' });
    await staffApi('POST', `/v1/bookings/${id}/accept_modification`);

    const operator = await freshPage(browser, 1400, 1000);
    await logIn(operator.page, 'staff@example.com');
    await operator.page.goto(`/bookings/${id}`);
    const steps = operator.page.getByTestId('operator-steps');
    await visible(steps.getByText('再送が必要').first());
    expect(await steps.getByText('再送が必要').count()).toBe(2);
    await visible(operator.page.getByTestId('outdated-documents'));
    expect(await seriousAxeViolations(operator.page)).toEqual([]);
    await screenshot(operator.page, 'stale-documents-operator-ja');
    await operator.page.goto(`/bookings/${id}?lang=en`);
    await visible(operator.page.getByTestId('operator-steps').getByText('needs re-sending').first());
    expect(await seriousAxeViolations(operator.page)).toEqual([]);
    await screenshot(operator.page, 'stale-documents-operator-en');

    // The agent's page: the downloads are the current version, marked as updated since mailed.
    const agent = await freshPage(browser, 1400, 1000);
    await logIn(agent.page, 'agent-special@example.com');
    await agent.page.goto(`/bookings/${id}`);
    await visible(agent.page.getByTestId('documents-updated'));
    await visible(agent.page.getByRole('link', { name: /バウチャーをダウンロード.*更新あり/ }));
    expect(await seriousAxeViolations(agent.page)).toEqual([]);
    await screenshot(agent.page, 'stale-documents-agent-ja');
    await agent.page.goto(`/bookings/${id}?lang=en`);
    await visible(agent.page.getByRole('link', { name: /Download the voucher.*Updated/ }));
    expect(await seriousAxeViolations(agent.page)).toEqual([]);
    await screenshot(agent.page, 'stale-documents-agent-en');

    // One click re-sends both; the stepper is done again.
    await operator.page.goto(`/bookings/${id}?lang=ja`);
    await operator.page.getByRole('group', { name: '次の操作' }).getByRole('button', { name: '変更後の書類を再送する' }).click();
    await visible(operator.page.getByText('変更後の書類を再送しました'));
    await visible(operator.page.getByTestId('all-done'));
    expect(await operator.page.getByTestId('operator-steps').getByText('再送が必要').count()).toBe(0);
    await screenshot(operator.page, 'stale-documents-resent-ja');
    const adminApi = await apiSession('admin@example.com');
    // Each document's mail is queued by its delivery job, which follows the step (ADR 035).
    const kinds = async () => {
      const { mails } = await adminApi<{ mails: { kind: string; booking_id: string | null }[] }>('GET', '/v1/outbox-mails?to_address=tour-desk@sakura-travel.example.com&per_page=100');
      return mails.filter((m) => m.booking_id === id).map((m) => m.kind);
    };
    await expect.poll(kinds, { timeout: 30_000 }).toEqual(expect.arrayContaining(['booking.seat_table_reissued', 'booking.voucher_reissued']));

    await agent.page.goto(`/bookings/${id}?lang=ja`);
    await visible(agent.page.getByRole('link', { name: 'バウチャーをダウンロード' }));
    expect(await agent.page.getByTestId('documents-updated').count()).toBe(0);
    await operator.context.close();
    await agent.context.close();
  });
});
