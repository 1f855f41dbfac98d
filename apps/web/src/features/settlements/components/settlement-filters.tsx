import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_PAYMENT_STATUSES, type AgentSettlementQuery } from '@sagano/domain/settlements/settlement-schemas';
import { GrowingSelect } from '../../../components/growing-select.tsx';
import { SearchFilterForm } from '../../../components/search-filter-form.tsx';
import { useAgentOptions } from '../../../lib/agent-options.ts';
import { useAgentSelectData } from '../../../lib/agent-name.ts';
import { readFilterParams, writeFilterParams, type FilterValues } from '../../../lib/search-filters.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

const TEXT_KEYS = ['duration', 'agent_id', 'payment_status'] as const;

/** The monthly report's filters as kept in the address: the month (yyyy-MM), the agent id, the payment status. */
export type SettlementFilterValues = FilterValues<(typeof TEXT_KEYS)[number], never>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const readSettlementFilters = (params: URLSearchParams): SettlementFilterValues => readFilterParams(params, TEXT_KEYS);
export const writeSettlementFilters = (values: SettlementFilterValues): URLSearchParams => writeFilterParams(values, TEXT_KEYS);

/** The query for the filters (without paging); empty or malformed ones are left out. Agents have no agent filter: the server lists their own. */
export function settlementFiltersToQuery(values: SettlementFilterValues, options: { agent: boolean }): Partial<AgentSettlementQuery> {
  const q: Partial<AgentSettlementQuery> = {};
  if (MONTH.test(values.duration)) q.duration = values.duration;
  const status = SETTLEMENT_PAYMENT_STATUSES.find((s) => s === values.payment_status);
  if (status) q.payment_status = status;
  if (!options.agent && /^\d+$/.test(values.agent_id) && Number(values.agent_id) > 0) q.agent_id = Number(values.agent_id);
  return q;
}

const EMPTY: SettlementFilterValues = { duration: '', agent_id: '', payment_status: '' };

export function SettlementFilters({ initial, agent, onSearch }: { initial: SettlementFilterValues; /** Agent staff: no agent filter. */ agent: boolean; onSearch: (values: SettlementFilterValues) => void }) {
  const { t } = useTranslation(['settlements', 'common']);
  const form = useForm<SettlementFilterValues>({
    initialValues: initial,
    validate: { duration: (value) => (value && !MONTH.test(value) ? validationMessage.month(t('filters.month')) : null) },
  });
  const agents = useAgentOptions({ enabled: !agent }).data?.agents ?? [];
  const options = useAgentSelectData();
  const any = { value: '', label: t('common:filters.any') };
  return (
    <SearchFilterForm
      label={t('filters.label')}
      onSubmit={form.onSubmit(onSearch)}
      onClear={() => {
        form.setValues(EMPTY);
        onSearch(EMPTY);
      }}
    >
      <TextInput type="month" label={t('filters.month')} placeholder="yyyy-MM" {...form.getInputProps('duration')} />
      {!agent && (
        <GrowingSelect
          full={Infinity}
          label={t('filters.agent')}
          data={[any, ...options(agents)]}
          searchable
          value={form.values.agent_id}
          onChange={(v) => form.setFieldValue('agent_id', v ?? '')}
        />
      )}
      <Select
        label={t('filters.paymentStatus')}
        data={[any, ...SETTLEMENT_PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatus.${s}`) }))]}
        value={form.values.payment_status}
        onChange={(v) => form.setFieldValue('payment_status', v ?? '')}
      />
    </SearchFilterForm>
  );
}
