/**
 * An agent's system as an integrator would write it against the generated client types
 * (openapi-typescript): price, submit with its own reference, poll the booking, read an error.
 * The contract test generates `./openapi.generated.ts` from the live document into a temporary
 * folder beside a copy of this file and type-checks both; it is not part of the server's build.
 */
import type { components, paths } from './openapi.generated.ts';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type CalculateBody = Json<paths['/v1/bookings/calculate_amount']['post']['requestBody']>;
type CalculateAnswer = Json<paths['/v1/bookings/calculate_amount']['post']['responses'][200]>;
type SubmitBody = Json<paths['/v1/bookings']['post']['requestBody']>;
type SubmitAnswer = Json<paths['/v1/bookings']['post']['responses'][200]>;
type BookingAnswer = Json<paths['/v1/bookings/{booking_id}']['get']['responses'][200]>;
type BookingNotFound = Json<paths['/v1/bookings/{booking_id}']['get']['responses'][404]>;
type ErrorCode = components['schemas']['ErrorCode'];

async function call<T>(baseUrl: string, key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) {
    const error = (await res.json()) as BookingNotFound;
    const code: ErrorCode = error.common.error_code;
    throw new Error(`${res.status} ${code}: ${error.common.error_description}`);
  }
  return (await res.json()) as T;
}

export async function bookFromOurSystem(baseUrl: string, key: string, ourReference: string): Promise<string> {
  const participants: CalculateBody['participant_group'] = { unit_quantity_items: [{ unit_id: 1, quantity: 25 }] };
  const price = await call<CalculateAnswer>(baseUrl, key, 'POST', '/v1/bookings/calculate_amount', {
    group_type: 'NORMAL',
    service_days: ['2027-06-10'],
    participant_group: participants,
  } satisfies CalculateBody);
  const totalE6: number = price.total_amount;

  const request: SubmitBody = {
    agent_id: 1,
    external_idempotent_id: ourReference,
    applicant: { name: 'Makoto Ito', email: 'ito.groups@example.com', phone_number: '03-0000-0000' },
    group: { group_type: 'NORMAL', name: 'Aoba Club', country_code: 'JPN' },
    service_order: { down_service: { service_date: '2027-06-10', service_id: 1, from_station_id: 1, to_station_id: 4 } },
    participant_group: participants,
  };
  const { booking_id } = await call<SubmitAnswer>(baseUrl, key, 'POST', '/v1/bookings', request);

  const booking = await call<BookingAnswer>(baseUrl, key, 'GET', `/v1/bookings/${encodeURIComponent(booking_id)}`);
  if ('status' in booking && 'flags' in booking) {
    const status: string = booking.status;
    const mayCancel: boolean = booking.flags.can_cancel;
    return `${booking_id} ${status} ${mayCancel} ${totalE6}`;
  }
  return booking_id;
}

// The types refuse what the server would refuse.
// @ts-expect-error a booking request needs its applicant
export const missingApplicant: SubmitBody = {
  agent_id: 1,
  group: { group_type: 'NORMAL', name: 'Aoba Club', country_code: 'JPN' },
  service_order: { down_service: { service_date: '2027-06-10', service_id: 1, from_station_id: 1, to_station_id: 4 } },
  participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 25 }] },
};
// @ts-expect-error group_type is NORMAL or SCHOOL
export const wrongGroupType: CalculateBody = { group_type: 'FAMILY', service_days: ['2027-06-10'], participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 25 }] } };
// @ts-expect-error error codes come from the catalogue
export const unknownCode: ErrorCode = 'NO_SUCH_CODE';
