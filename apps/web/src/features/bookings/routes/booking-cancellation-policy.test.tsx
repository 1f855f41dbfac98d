import { describe, expect, it } from 'vitest';
import type { BookingCancellationPolicyResponse } from '@sagano/domain/bookings/cancellation-schedule';
import { changeLanguage } from '../../../lib/i18n.ts';
import { BACK_OFFICE_STAFF, renderRoutes, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { Component as BookingPolicy } from './booking-cancellation-policy.tsx';

const E6 = 1_000_000;

const policy: BookingCancellationPolicyResponse = {
  booking_id: '30050901',
  group_name: '青葉会',
  agent_name: '京都さくら旅行',
  agent_name_en: 'Kyoto Sakura Travel',
  status: 'RESERVED',
  service_date: '2030-05-30',
  total_amount: 9_600 * E6,
  frozen: true,
  ignore_cancellation_policy: false,
  free_until: '2030-05-09',
  rows: [
    { days_before: 20, rate_e6: 0, from_date: '2030-05-10', to_date: '2030-05-22', fee_amount: 0 },
    { days_before: 7, rate_e6: 200_000, from_date: '2030-05-23', to_date: '2030-05-27', fee_amount: 1_920 * E6 },
    { days_before: 0, rate_e6: 1_000_000, from_date: '2030-05-28', to_date: '2030-05-30', fee_amount: 9_600 * E6 },
  ],
  today: '2030-05-25',
  in_force_days_before: 7,
  cancellation_fee: null,
};

let calls: ApiCall[] = [];
function open(answer: BookingCancellationPolicyResponse | null, id = '30050901') {
  calls = stubApi((call) => (answer && call.url === `/v1/bookings/${id}/cancellation_policy` ? json(200, answer) : json(404, { common: { error_code: 'NOT_FOUND', error_description: 'booking not found' } })));
  renderRoutes([{ path: '/cancellation-policy/document/:bookingId', element: <BookingPolicy /> }], `/cancellation-policy/document/${id}`, { user: BACK_OFFICE_STAFF });
}

const rows = () => [...policyRows()].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const policyRows = () => document.querySelectorAll('[data-testid="booking-policy-rows"] tbody tr');

describe('a booking\'s cancellation policy document', () => {
  useScreenTests();

  it('states each cancellation day\'s rate and fee for the booking, today\'s row marked, and that the policy was fixed at confirmation', async () => {
    open(policy);
    await waitFor(() => pageText().includes('取消日ごとの取消料'));
    expect(pageText()).toContain('キャンセルポリシー（予約 30050901）');
    expect(pageText()).toContain('青葉会');
    expect(pageText()).toContain('ご予約金額9,600 円');
    expect(rows()).toEqual([
      ['2030年5月9日(木) まで', '乗車日の 21 日前まで', '0%', 'かかりません'],
      ['2030年5月10日(金) ～ 2030年5月22日(水)', '乗車日の 20 日前から', '0%', 'かかりません'],
      ['2030年5月23日(木) ～ 2030年5月27日(月)本日', '乗車日の 7 日前から', '20%', '1,920 円'],
      ['2030年5月28日(火)（乗車日）以降', '乗車日当日以降', '100%', '9,600 円'],
    ]);
    expect(policyRows()[2]!.getAttribute('data-current')).toBe('true');
    expect(pageText()).toContain('予約確定時点のキャンセルポリシーです');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /v1/bookings/30050901/cancellation_policy']);
  });

  it('says when the policy is not fixed yet and names the fee already quoted; reads in English', async () => {
    await changeLanguage('en');
    open({ ...policy, frozen: false, cancellation_fee: 1_920 * E6, status: 'CANCELLATION_SUBMITTED' });
    await waitFor(() => pageText().includes('Cancellation fee by cancellation day'));
    expect(pageText()).toContain('This booking is not confirmed yet');
    expect(pageText()).toContain('The cancellation fee charged is ¥1,920');
    expect(pageText()).toContain('Agent: Kyoto Sakura Travel');
    expect(rows()[2]![0]).toBe('Thu, 23 May 2030 – Mon, 27 May 2030Today');
  });

  it('shows not found for another agent\'s booking or a malformed number', async () => {
    open(null);
    await waitFor(() => pageText().includes('ページが見つかりません'));
    expect(pageText()).not.toContain('取消日ごとの取消料');
  });
});
