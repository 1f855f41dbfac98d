import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { GROUP_TYPES, PAYMENT_STATUSES, SERVICE_ORDER_SORTS, SORT_ORDERS, defaultSortOrder, type ServiceOrderSort, type SortOrder } from '@sagano/domain/bookings/booking-constants';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '@sagano/domain/bookings/booking-state';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { parseDateInput } from '../../../lib/dates.ts';
import { isDateInput, readFilterParams, writeFilterParams } from '../../../lib/search-filters.ts';
import { serviceOrdersQueryOptions, type ServiceOrderSearchParams } from './search-service-orders.ts';

/**
 * The booking list's search as its address holds it: filters, sort and page. Read by the list
 * screen and by its route loader, which asks for the first page while the screen's code downloads
 * (so the list renders once, with its rows, instead of empty and then again). No UI code here: the
 * router's loader imports it.
 */

/** Every filter of spec 000 §3 "List filter defaults" and its extensions, as kept in the address. */
export type BookingFilterValues = {
  submitted_from: string;
  submitted_to: string;
  service_from: string;
  service_to: string;
  booking_id: string;
  agent_id: string;
  branch_id: string;
  group_types: string[];
  group_name: string;
  status: string[];
  sub_status: string[];
  country_code: string;
  payment_type: string;
  payment_status: string;
  notification: string;
};

const LIST_KEYS = ['group_types', 'status', 'sub_status'] as const;
export const TEXT_KEYS = [
  'submitted_from',
  'submitted_to',
  'service_from',
  'service_to',
  'booking_id',
  'agent_id',
  'branch_id',
  'group_name',
  'country_code',
  'payment_type',
  'payment_status',
  'notification',
] as const;
export const PAYMENT_TYPES = ['PREPAID', 'COUPON', 'MONTHLY', 'CASH', 'OTHER'] as const;
/** The default service-date range runs from today for this many days (spec 001 §9.1 leaves the number open). */
export const DEFAULT_SERVICE_DAYS = 30;

/**
 * Reads the filters; the service dates default to today → today+30 when absent from the address
 * (present but empty means the user cleared them).
 */
export function readBookingFilters(params: URLSearchParams, now: Date = new Date()): BookingFilterValues {
  const values = readFilterParams(params, TEXT_KEYS, LIST_KEYS);
  if (!params.has('service_from')) values.service_from = tokyoToday(now);
  if (!params.has('service_to')) values.service_to = addDays(tokyoToday(now), DEFAULT_SERVICE_DAYS);
  return values;
}

/** The service dates are always written, so a cleared one stays cleared. */
export function writeBookingFilters(values: BookingFilterValues): URLSearchParams {
  return writeFilterParams(values, TEXT_KEYS, LIST_KEYS, ['service_from', 'service_to']);
}

/**
 * Whether the booking number filter holds a whole booking number (eight digits, as the server reads
 * it). Such a number is what an agent quotes on the phone: it finds its booking on any service date,
 * so the service-date period (by default the next 30 days) is set aside for it, and the field says so.
 */
export function isWholeBookingNumber(value: string): boolean {
  return value.replace(/[^0-9]/g, '').length === 8;
}

/**
 * The search query for the filters (without paging); empty or malformed filters are left out.
 * The notification filter looks at the caller's own notifications: the agent's for agent staff.
 */
export function filtersToQuery(values: BookingFilterValues, options: { agent?: boolean } = {}): Partial<ServiceOrderSearchQuery> {
  const q: Partial<ServiceOrderSearchQuery> = {};
  if (isDateInput(values.submitted_from)) q.submitted_at_from = parseDateInput(values.submitted_from)!;
  if (isDateInput(values.submitted_to)) q.submitted_at_to = parseDateInput(values.submitted_to)!;
  const anyServiceDate = isWholeBookingNumber(values.booking_id);
  if (!anyServiceDate && isDateInput(values.service_from)) q.service_date_from = parseDateInput(values.service_from)!;
  if (!anyServiceDate && isDateInput(values.service_to)) q.service_date_to = parseDateInput(values.service_to)!;
  if (values.booking_id.trim()) q.booking_id = values.booking_id.trim();
  if (/^\d+$/.test(values.agent_id)) q.agent_id = Number(values.agent_id);
  if (/^\d+$/.test(values.branch_id)) q.agent_sub_group_ids = [Number(values.branch_id)];
  const groupTypes = values.group_types.filter((v): v is (typeof GROUP_TYPES)[number] => (GROUP_TYPES as readonly string[]).includes(v));
  if (groupTypes.length) q.group_types = groupTypes;
  if (values.group_name.trim()) q.group_name = values.group_name.trim();
  const status = values.status.filter((v): v is (typeof BOOKING_STATUSES)[number] => (BOOKING_STATUSES as readonly string[]).includes(v));
  if (status.length) q.status = status;
  const sub = values.sub_status.filter((v): v is (typeof BOOKING_SUB_STATUSES)[number] => (BOOKING_SUB_STATUSES as readonly string[]).includes(v));
  if (sub.length) q.sub_status = sub;
  if (values.country_code) q.country_code = values.country_code;
  if (values.payment_type) q.payment_type = values.payment_type;
  const paymentStatus = PAYMENT_STATUSES.find((s) => s === values.payment_status);
  if (paymentStatus) q.payment_status = paymentStatus;
  if (values.notification.trim()) q[options.agent ? 'agent_notification_msg' : 'admin_notification_msg'] = values.notification.trim();
  return q;
}

/** The list's sort as the address holds it. */
export type ListSort = { sort: ServiceOrderSort; order: SortOrder };

/** The list's default order: the nearest service date first (upcoming work), then by booking number. */
const DEFAULT_SORT: ServiceOrderSort = 'service_date';

/** The sort kept in the address (?sort=service_date&order=asc); unknown values fall back to the default. */
export function readListSort(params: URLSearchParams): ListSort {
  const sort = SERVICE_ORDER_SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_SORT;
  const order = SORT_ORDERS.find((o) => o === params.get('order')) ?? defaultSortOrder(sort);
  return { sort, order };
}

/** The filters' address with the sort kept (a search or a page turn keeps the order the user chose). */
export function withSort(params: URLSearchParams, sort: ListSort): URLSearchParams {
  params.set('sort', sort.sort);
  params.set('order', sort.order);
  return params;
}

/** The page the address asks for (1 when absent or not a number). */
export function readListPage(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}

/** The search call for the list's address; `agent` for agent staff (their notification filter is the agent's). */
export function bookingListSearch(params: URLSearchParams, options: { agent: boolean }): ServiceOrderSearchParams {
  return { page: readListPage(params), per_page: DEFAULT_PER_PAGE, ...filtersToQuery(readBookingFilters(params), options), ...readListSort(params) };
}

/**
 * Starts the list's first page for the address while the screen's code downloads; the screen reads
 * it from the cache. `silent`: no error toast (asked before the session is known to be good).
 */
export async function prefetchBookingList(queryClient: QueryClient, { request }: LoaderFunctionArgs, options: { agent: boolean; silent?: boolean }): Promise<void> {
  const query = serviceOrdersQueryOptions(bookingListSearch(new URL(request.url).searchParams, options));
  await queryClient.prefetchQuery(options.silent ? { ...query, meta: { silentError: true } } : query);
}

/** Whether the list's search for the address is the same for every role (only the notification filter reads the role). */
export function searchIsRoleFree(params: URLSearchParams): boolean {
  return !readBookingFilters(params).notification.trim();
}
