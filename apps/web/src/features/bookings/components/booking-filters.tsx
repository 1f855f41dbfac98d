import { memo, useMemo, type ReactNode } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { GROUP_TYPES, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-constants';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '@sagano/domain/bookings/booking-state';
import { countryOptions } from '@sagano/domain/common/countries';
import { COUNTRY_LIST_LIMIT } from './country-list.ts';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { AgentBranchSelect } from '../../../components/agent-branch-select.tsx';
import { SearchFilterForm, useDatedFilterForm } from '../../../components/search-filter-form.tsx';
import { parseDateInput } from '../../../lib/dates.ts';
import { isDateInput, readFilterParams, writeFilterParams } from '../../../lib/search-filters.ts';
import { DateField } from '../../../components/date-field.tsx';

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
const TEXT_KEYS = [
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
 * The search query for the filters (without paging); empty or malformed filters are left out.
 * The notification filter looks at the caller's own notifications: the agent's for agent staff.
 */
export function filtersToQuery(values: BookingFilterValues, options: { agent?: boolean } = {}): Partial<ServiceOrderSearchQuery> {
  const q: Partial<ServiceOrderSearchQuery> = {};
  if (isDateInput(values.submitted_from)) q.submitted_at_from = parseDateInput(values.submitted_from)!;
  if (isDateInput(values.submitted_to)) q.submitted_at_to = parseDateInput(values.submitted_to)!;
  if (isDateInput(values.service_from)) q.service_date_from = parseDateInput(values.service_from)!;
  if (isDateInput(values.service_to)) q.service_date_to = parseDateInput(values.service_to)!;
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

/**
 * One filter field, drawn again only when its `deps` (its value, error, options) change: the form
 * holds every value, so without this a keystroke in one filter rendered all fifteen inputs.
 */
const Field = memo(
  function Field({ render }: { render: () => ReactNode; deps: readonly unknown[] }) {
    return render();
  },
  (prev, next) => prev.deps.length === next.deps.length && prev.deps.every((d, i) => Object.is(d, next.deps[i])),
);

export function BookingFilters({
  initial,
  canPickAgent,
  onSearch,
}: {
  initial: BookingFilterValues;
  canPickAgent: boolean;
  onSearch: (values: BookingFilterValues) => void;
}) {
  const { t, i18n } = useTranslation(['bookings', 'common']);
  const extendedSet = TEXT_KEYS.some((k) => !['service_from', 'service_to', 'booking_id', 'group_name'].includes(k) && initial[k]) || initial.sub_status.length > 0;
  const { form, any, frame } = useDatedFilterForm(initial, () => readBookingFilters(new URLSearchParams()), onSearch);
  // The ~250 countries once per language, not on every keystroke in another filter.
  const anyLabel = any.label;
  const otherCountry = t('form.otherCountry');
  const countries = useMemo(() => [{ value: '', label: anyLabel }, ...countryOptions(i18n.language, otherCountry)], [anyLabel, otherCountry, i18n.language]);

  return (
    <SearchFilterForm
      label={t('filters.label')}
      {...frame}
      moreInitiallyOpen={extendedSet}
      more={
        <>
          <DateField label={t('filters.submittedFrom')} {...form.getInputProps('submitted_from')} />
          <DateField label={t('filters.submittedTo')} {...form.getInputProps('submitted_to')} />
          <Field
            deps={[form.values.sub_status, t]}
            render={() => (
              <MultiSelect
                label={t('filters.subStatus')}
                data={BOOKING_SUB_STATUSES.map((s) => ({ value: s, label: t(`subStatus.${s}`) }))}
                clearable
                {...form.getInputProps('sub_status')}
              />
            )}
          />
          <Field
            deps={[form.values.country_code, countries, t]}
            render={() => (
              <Select
                label={t('filters.countryCode')}
                data={countries}
                searchable
                limit={COUNTRY_LIST_LIMIT}
                description={t('form.countryHint')}
                value={form.values.country_code}
                onChange={(v) => form.setFieldValue('country_code', v ?? '')}
              />
            )}
          />
          <Field
            deps={[form.values.payment_type, anyLabel, t]}
            render={() => (
              <Select
                label={t('filters.paymentType')}
                data={[any, ...PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))]}
                value={form.values.payment_type}
                onChange={(v) => form.setFieldValue('payment_type', v ?? '')}
              />
            )}
          />
          <Field
            deps={[form.values.payment_status, anyLabel, t]}
            render={() => (
              <Select
                label={t('filters.paymentStatus')}
                data={[any, ...PAYMENT_STATUSES.map((p) => ({ value: p, label: t(`paymentStatus.${p}`) }))]}
                value={form.values.payment_status}
                onChange={(v) => form.setFieldValue('payment_status', v ?? '')}
              />
            )}
          />
          <Field
            deps={[form.values.notification, form.errors.notification, t]}
            render={() => (
              <TextInput label={t('filters.notification')} {...form.getInputProps('notification')} />
            )}
          />
        </>
      }
    >
      <DateField label={t('filters.serviceFrom')} {...form.getInputProps('service_from')} />
      <DateField label={t('filters.serviceTo')} {...form.getInputProps('service_to')} />
      <Field
        deps={[form.values.booking_id, form.errors.booking_id, t]}
        render={() => (
          <TextInput label={t('filters.bookingId')} inputMode="numeric" {...form.getInputProps('booking_id')} />
        )}
      />
      <Field
        deps={[form.values.group_name, form.errors.group_name, t]}
        render={() => (
          <TextInput label={t('filters.groupName')} {...form.getInputProps('group_name')} />
        )}
      />
      <Field
        deps={[form.values.status, t]}
        render={() => (
          <MultiSelect
            label={t('filters.status')}
            data={BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            clearable
            {...form.getInputProps('status')}
          />
        )}
      />
      <Field
        deps={[form.values.group_types, t]}
        render={() => (
          <MultiSelect
            label={t('filters.groupTypes')}
            data={GROUP_TYPES.map((g) => ({ value: g, label: t(`groupType.${g}`) }))}
            clearable
            {...form.getInputProps('group_types')}
          />
        )}
      />
      {canPickAgent && (
        <Field
          deps={[form.values.agent_id, form.values.branch_id]}
          render={() => (
            <AgentBranchSelect
              agentId={form.values.agent_id}
              branchId={form.values.branch_id}
              onChange={({ agentId, branchId }) => form.setValues({ agent_id: agentId, branch_id: branchId })}
            />
          )}
        />
      )}
    </SearchFilterForm>
  );
}
