/**
 * The group's link on the inventory calls (spec 000 §1 "searches inventory", 001 §7.3): the
 * booking's number and its token open POST /v1/search-inventory, GET
 * /v1/search-inventory/{date}/{arrangement_type_ids} and GET /v1/inventories/{date}/services/{id}
 * without signing in, for that booking's own days and route (DESIGN §10 "Inventory").
 */
import { z } from 'zod';
import { ServiceInventoryQuery } from './inventory-schemas.ts';

const BookingNumber = z.string().min(1).max(40);
const Token = z.string().min(1).max(100);

/** `?booking_id=&token=`: both or neither (staff send neither). */
export const BookingLinkQuery = z
  .object({ booking_id: BookingNumber.optional(), token: Token.optional() })
  .refine((q) => (q.booking_id === undefined) === (q.token === undefined), { message: 'give the booking number with its token', path: ['booking_id'] });
export type BookingLinkQuery = z.infer<typeof BookingLinkQuery>;

/** GET /v1/inventories/{date}/services/{id}: the spec's base_booking_id names the booking whose token is sent. */
export const ServiceInventoryLinkQuery = ServiceInventoryQuery.extend({ token: Token.optional() }).refine((q) => q.token === undefined || q.base_booking_id !== undefined, {
  message: 'give the booking number (base_booking_id) with its token',
  path: ['base_booking_id'],
});
