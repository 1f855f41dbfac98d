import { Checkbox, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { PAYMENT_STATUSES } from '@sagano/domain/payments/payment-state';
import { AgentBranchSelect } from '../../../components/agent-branch-select.tsx';
import { SearchFilterForm, useDatedFilterForm } from '../../../components/search-filter-form.tsx';
import { parseDateInput } from '../../../lib/dates.ts';
import { readFilterParams, writeFilterParams, type FilterValues } from '../../../lib/search-filters.ts';
import { DateField } from '../../../components/date-field.tsx';

const TEXT_KEYS = [
  'service_from',
  'service_to',
  'submitted_from',
  'submitted_to',
  'booking_id',
  'group_name',
  'payment_status',
  'payment_type',
  'agent_id',
  'branch_id',
  'overdue',
] as const;

/** The payments list's filters as kept in the address (every one of /v1/bookings/payments/search); `overdue` is 'true' or ''. */
export type PaymentFilterValues = FilterValues<(typeof TEXT_KEYS)[number], never>;

/** The payment types the search filters by: one per kind of agent (spec 001 §9.5). */
export const PAYMENT_LIST_TYPES = ['PREPAID', 'COUPON', 'MONTHLY'] as const;

/** Unlike the booking list, no default period: an overdue fare may belong to any train, past or coming. */
export function readPaymentFilters(params: URLSearchParams): PaymentFilterValues {
  const values = readFilterParams(params, TEXT_KEYS);
  if (values.overdue !== 'true') values.overdue = '';
  return values;
}

export function writePaymentFilters(values: PaymentFilterValues): URLSearchParams {
  return writeFilterParams(values, TEXT_KEYS);
}

const dateOf = (value: string) => parseDateInput(value) ?? undefined;
const id = (value: string) => (/^\d+$/.test(value) ? Number(value) : undefined);

/**
 * The search query for the filters (without paging); empty or malformed filters are left out.
 * Agents have no agent, branch or payment-type filter: the server lists their own bookings only.
 */
export function paymentFiltersToQuery(values: PaymentFilterValues, options: { agent: boolean }): Partial<ServiceOrderSearchQuery> {
  const q: Partial<ServiceOrderSearchQuery> = {};
  const put = <K extends keyof ServiceOrderSearchQuery>(key: K, value: ServiceOrderSearchQuery[K] | undefined) => {
    if (value !== undefined) q[key] = value;
  };
  put('service_date_from', dateOf(values.service_from));
  put('service_date_to', dateOf(values.service_to));
  put('submitted_at_from', dateOf(values.submitted_from));
  put('submitted_at_to', dateOf(values.submitted_to));
  put('booking_id', values.booking_id.trim() || undefined);
  put('group_name', values.group_name.trim() || undefined);
  put('payment_status', PAYMENT_STATUSES.find((s) => s === values.payment_status));
  if (values.overdue === 'true') q.overdue = true;
  if (!options.agent) {
    put('agent_id', id(values.agent_id));
    const branch = id(values.branch_id);
    if (branch !== undefined) q.agent_sub_group_ids = [branch];
    put('payment_type', PAYMENT_LIST_TYPES.find((p) => p === values.payment_type));
  }
  return q;
}

export function PaymentListFilters({
  initial,
  agent,
  onSearch,
}: {
  initial: PaymentFilterValues;
  /** Agent staff: no agent, branch or payment-type filter. */
  agent: boolean;
  onSearch: (values: PaymentFilterValues) => void;
}) {
  const { t } = useTranslation(['paymentList', 'common']);
  const { form, any, frame } = useDatedFilterForm(initial, () => readPaymentFilters(new URLSearchParams()), onSearch, {
    service_from: t('filters.serviceFrom'),
    service_to: t('filters.serviceTo'),
    submitted_from: t('filters.submittedFrom'),
    submitted_to: t('filters.submittedTo'),
  });

  return (
    <SearchFilterForm
      label={t('filters.label')}
      {...frame}
      moreInitiallyOpen={Boolean(initial.submitted_from || initial.submitted_to)}
      more={
        <>
          <DateField label={t('filters.submittedFrom')} {...form.getInputProps('submitted_from')} />
          <DateField label={t('filters.submittedTo')} {...form.getInputProps('submitted_to')} />
        </>
      }
      footer={
        <Checkbox
          mt="md"
          label={t('filters.overdue')}
          checked={form.values.overdue === 'true'}
          onChange={(e) => form.setFieldValue('overdue', e.currentTarget.checked ? 'true' : '')}
        />
      }
    >
      <DateField label={t('filters.serviceFrom')} {...form.getInputProps('service_from')} />
      <DateField label={t('filters.serviceTo')} {...form.getInputProps('service_to')} />
      <TextInput label={t('filters.bookingId')} inputMode="numeric" {...form.getInputProps('booking_id')} />
      <TextInput label={t('filters.groupName')} {...form.getInputProps('group_name')} />
      <Select
        label={t('filters.paymentStatus')}
        data={[any, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))]}
        value={form.values.payment_status}
        onChange={(v) => form.setFieldValue('payment_status', v ?? '')}
      />
      {!agent && (
        <>
          <Select
            label={t('filters.paymentType')}
            data={[any, ...PAYMENT_LIST_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))]}
            value={form.values.payment_type}
            onChange={(v) => form.setFieldValue('payment_type', v ?? '')}
          />
          <AgentBranchSelect
            agentId={form.values.agent_id}
            branchId={form.values.branch_id}
            onChange={({ agentId, branchId }) => form.setValues({ agent_id: agentId, branch_id: branchId })}
          />
        </>
      )}
    </SearchFilterForm>
  );
}
