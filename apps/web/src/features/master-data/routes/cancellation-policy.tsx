import { ActionIcon, Alert, Button, Group, LoadingOverlay, NumberInput, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CancellationPolicyBody,
  DAYS_BEFORE_UNIQUE_MESSAGE,
  MAX_POLICY_DAYS_BEFORE,
  MAX_POLICY_ROWS,
  type CancellationPolicyResponse,
} from '@sagano/domain/master-data/cancellation-policy-schemas';
import { percentOfRate } from '@sagano/domain/money/yen-e6';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { useCancellationPolicy, useSaveCancellationPolicy } from '../api/cancellation-policy.ts';
import { appliesFrom, newRowKey, policyBodyOf, rowsOf, type PolicyRowValues } from '../components/cancellation-policy-rows.ts';
import { inSentence, validationMessage as v } from '../../../lib/validation-messages.ts';

type Values = { rows: PolicyRowValues[] };

/** The form field a path of the body names: policy.2.rate_e6 is rows.2.rate_percent. */
const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.').replace(/^policy/, 'rows').replace(/rate_e6$/, 'rate_percent');

/** /cancellation-policy (キャンセルポリシー): the rates by days before the service date, edited and saved as a whole. */
export function Component() {
  const { t } = useTranslation(['masterData', 'common']);
  const policy = useCancellationPolicy();
  return (
    <>
      <PageHeader title={t('policy.title')} description={t('policy.description')} />
      <Paper withBorder p="md" pos="relative" maw={860} mih={policy.data ? undefined : 240}>
        <LoadingOverlay visible={policy.isPending} />
        {/* Mounted per saved version: the rows start from what the server keeps, sorted, after each save. */}
        {policy.data && <PolicyEditor key={policy.data.updated_at ?? 'none'} saved={policy.data} />}
      </Paper>
    </>
  );
}

/** The rows of the policy as a form, longest notice first. */
function PolicyEditor({ saved }: { saved: CancellationPolicyResponse }) {
  const { t } = useTranslation(['masterData', 'common']);
  const save = useSaveCancellationPolicy();

  const validate = (values: Values): FormErrors => {
    const body = policyBodyOf(values.rows);
    const parsed = CancellationPolicyBody.safeParse(body);
    if (parsed.success) return {};
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (errors[field]) continue;
      const [, index, name] = issue.path;
      const row = typeof index === 'number' ? body.policy[index] : undefined;
      // Each cell named as the screen reads it out: 「2行目の日数」.
      const label = typeof index === 'number' ? t(name === 'days_before' ? 'policy.daysLabel' : 'policy.rateLabel', { row: index + 1 }) : '';
      if (field === 'rows') errors[field] = t('policy.validation.empty');
      else if (row && row[name as 'days_before' | 'rate_e6'] === undefined) errors[field] = v.required(label);
      else if (issue.message === DAYS_BEFORE_UNIQUE_MESSAGE) errors[field] = t('policy.validation.unique');
      else errors[field] = name === 'days_before' ? v.range(label, 0, MAX_POLICY_DAYS_BEFORE) : t('policy.validation.rate', { name: inSentence(label) });
    }
    return errors;
  };
  const form = useForm<Values>({ initialValues: { rows: rowsOf(saved.policy) }, validate });

  const submit = form.onSubmit((values) => {
    save.mutate(CancellationPolicyBody.parse(policyBodyOf(values.rows)), {
      onSuccess: () => notifySuccess(t('policy.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.field?.startsWith('policy')) {
          const [, index, name] = error.field.split('.');
          const label = t(name === 'days_before' ? 'policy.daysLabel' : 'policy.rateLabel', { row: Number(index) + 1 });
          form.setFieldError(error.field.replace(/^policy/, 'rows').replace(/rate_e6$/, 'rate_percent'), error.code === 'VALIDATION_FAILED' && index !== undefined ? v.invalid(label) : errorMessage(error));
          return;
        }
        notifyApiError(error);
      },
    });
  });

  const rows = form.getValues().rows;
  const parsed = CancellationPolicyBody.safeParse(policyBodyOf(rows));
  const ranges = parsed.success ? appliesFrom(parsed.data.policy) : [];
  const longest = ranges[0];
  const rangeText = (r: { days_before: number; until: number }) => {
    if (r.days_before === 0) return t('policy.onTheDay');
    if (r.days_before === r.until) return r.until === 1 ? t('policy.dayBefore') : t('policy.oneDay', { days: r.until });
    if (r.until === 0) return t('policy.rangeToDay', { from: r.days_before });
    return t('policy.range', { from: r.days_before, to: r.until });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('policy.title')}>
      <Stack gap="sm">
        <Table aria-label={t('policy.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>{t('policy.columns.days')}</Table.Th>
              <Table.Th w={180}>{t('policy.columns.rate')}</Table.Th>
              <Table.Th>{t('policy.columns.applies')}</Table.Th>
              <Table.Th w={60}>{t('policy.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              const range = ranges.find((r) => r.days_before === Number(row.days_before));
              return (
                <Table.Tr key={row.key} data-testid={`policy-row-${i}`}>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('policy.daysLabel', { row: i + 1 })}
                      min={0}
                      max={MAX_POLICY_DAYS_BEFORE}
                      clampBehavior="none"
                      rightSection={<Text size="xs" c="dimmed">{t('policy.daysUnit')}</Text>}
                      rightSectionWidth={48}
                      {...form.getInputProps(`rows.${i}.days_before`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('policy.rateLabel', { row: i + 1 })}
                      min={0}
                      max={100}
                      decimalScale={4}
                      clampBehavior="none"
                      rightSection={<Text size="xs" c="dimmed">%</Text>}
                      {...form.getInputProps(`rows.${i}.rate_percent`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {range ? t('policy.applies', { range: rangeText(range), rate: percentOfRate(range.rate_e6) }) : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('common:actions.delete')} withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={t('policy.remove', { row: i + 1 })} onClick={() => form.removeListItem('rows', i)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {form.errors.rows && (
          <Text size="sm" c="red" role="alert">
            {form.errors.rows}
          </Text>
        )}
        {longest && <Text size="sm">{t('policy.beforeLongest', { days: longest.days_before })}</Text>}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={rows.length >= MAX_POLICY_ROWS}
            onClick={() => form.insertListItem('rows', { key: newRowKey(), days_before: '', rate_percent: '' })}
          >
            {t('policy.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
        <Alert variant="light" color="gray" p="xs">
          <Text size="xs">{t('policy.frozenNote')}</Text>
        </Alert>
      </Stack>
    </form>
  );
}
