import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OPERATION_LOG_CATEGORIES, SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { zodValidate } from '../../../lib/zod-form.ts';
import { isOperationLogCategory } from './category-label.ts';
import { DateField } from '../../../components/date-field.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

export type OperationLogFilterValues = {
  from_date: string | null;
  to_date: string | null;
  operator: string;
  category: string;
};

export const EMPTY_FILTERS: OperationLogFilterValues = { from_date: null, to_date: null, operator: '', category: '' };

/** The search body for the filters (page 1); empty filters are left out. */
export function filtersToBody(values: OperationLogFilterValues): Omit<SearchOperationLogsBody, 'page' | 'per_page'> {
  return {
    ...(values.from_date ? { from_date: values.from_date } : {}),
    ...(values.to_date ? { to_date: values.to_date } : {}),
    ...(values.operator.trim() ? { operator: values.operator.trim() } : {}),
    ...(isOperationLogCategory(values.category) ? { category: values.category } : {}),
  };
}

export function OperationLogFilters({
  initial,
  onSearch,
}: {
  initial: OperationLogFilterValues;
  onSearch: (values: OperationLogFilterValues) => void;
}) {
  const { t } = useTranslation(['operationLogs', 'common']);
  const labels = { from_date: () => t('filters.fromDate'), to_date: () => t('filters.toDate'), operator: () => t('filters.operator'), category: () => t('filters.category') };
  const validateBody = zodValidate(SearchOperationLogsBody, labels, { to_date: () => validationMessage.dateOrder(t('filters.fromDate'), t('filters.toDate')) });
  const form = useForm<OperationLogFilterValues>({
    initialValues: initial,
    validate: (values) => validateBody({ page: 1, per_page: 1, ...filtersToBody(values) }),
  });
  const dateProps = { w: { base: '100%', xs: 170 } } as const;

  return (
    <Paper withBorder p="md" mb="md">
      <form role="search" aria-label={t('filters.label')} onSubmit={form.onSubmit(onSearch)} noValidate>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField label={t('filters.fromDate')} {...dateProps} value={form.values.from_date} onChange={(v) => form.setFieldValue('from_date', v || null)} error={form.errors.from_date} />
          <DateField label={t('filters.toDate')} {...dateProps} value={form.values.to_date} onChange={(v) => form.setFieldValue('to_date', v || null)} error={form.errors.to_date} />
          <TextInput
            label={t('filters.operator')}
            placeholder={t('filters.operatorPlaceholder')}
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('operator')}
          />
          <NativeSelect
            label={t('filters.category')}
            w={{ base: '100%', xs: 170 }}
            data={[
              { value: '', label: t('filters.allCategories') },
              ...OPERATION_LOG_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
            ]}
            {...form.getInputProps('category')}
          />
          <Group gap="xs" mt={25}>
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('common:actions.search')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                form.setValues(EMPTY_FILTERS);
                onSearch(EMPTY_FILTERS);
              }}
            >
              {t('common:actions.clear')}
            </Button>
          </Group>
        </Group>
      </form>
    </Paper>
  );
}
