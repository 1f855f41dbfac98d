/**
 * What the invoice journeys share: a confirmed booking of the FREE demo agent made by staff
 * through the API, and reading a downloaded PDF (its text, the images it carries).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { api, apiAs } from './api.ts';

const run = promisify(execFile);

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** A booking of 12 adults for the FREE demo agent on `day` (its group named `groupName`), made, held and confirmed by the signed-in staff page. */
export async function confirmedFreeAgentBooking(page: Page, day: string, groupName = '請求書テスト会'): Promise<string> {
  const answer = await api<DayAnswer>(page, 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  const train = answer.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await apiAs<{ user: { agent_id: number } }>('agent-free@example.com', 'GET', '/v1/auth/me');
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '請求 太郎', email: 'invoice.e2e@example.com', phone_number: '075-555-6666' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: groupName, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** A PDF downloaded with the page's session (its type and its first bytes checked): its text (blanks collapsed) and how many images it carries. */
export async function downloadedPdf(page: Page, href: string): Promise<{ text: string; images: number }> {
  const res = await page.context().request.get(href);
  if (res.status() !== 200 || res.headers()['content-type'] !== 'application/pdf') throw new Error(`GET ${href}: ${res.status()} ${res.headers()['content-type']}`);
  const body = await res.body();
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`GET ${href}: not a PDF (${JSON.stringify(body.subarray(0, 16).toString('latin1'))})`);
  const dir = await mkdtemp(join(tmpdir(), 'sagano-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, body);
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t\u3000]+/g, ' ');
    // pdfimages -list: two header lines, then one line per image or soft mask (type in the third column).
    const rows = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    const images = rows.filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
    return { text, images };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
