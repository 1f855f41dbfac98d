import { useState } from 'react';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { freeCountPlanProblem, type FreeCountPlanProblem } from '@sagano/domain/bookings/pricing';
import type { FreeCountPlanBody, FreeCountPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveFreeCountPlan } from '../api/save-free-count-plan.ts';

type Cell = number | string;

/** A whole number typed in a cell (a sign allowed, so −1 is refused as typed), or NaN (which the domain rule refuses). */
const count = (v: Cell) => (typeof v === 'number' ? v : /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

/**
 * One row of the free count list in edit mode (plan null: a new row). The range is checked with
 * the domain rule against the other rows before saving; the server checks again.
 */
export function FreeCountRowEditor({ plan, others, onDone }: { plan: FreeCountPlanResponse | null; others: readonly FreeCountPlanResponse[]; onDone: () => void }) {
  const { t } = useTranslation(['pricing', 'common']);
  const save = useSaveFreeCountPlan();
  const [min, setMin] = useState<Cell>(plan?.min ?? '');
  const [max, setMax] = useState<Cell>(plan?.max ?? '');
  const [free, setFree] = useState<Cell>(plan?.free_quantity ?? '');
  const [error, setError] = useState<{ field: FreeCountPlanProblem['field']; message: string } | null>(null);
  // The spec's one message, then which rule was broken, under the field it is about.
  const say = (problem: FreeCountPlanProblem) =>
    setError({ field: problem.field, message: `${t('validation.count')} ${t(`freeCount.problems.${problem.kind}`, problem.kind === 'overlap' ? problem.other : {})}` });

  const submit = () => {
    const body: FreeCountPlanBody = { min: count(min), max: count(max), free_quantity: count(free) };
    const problem = freeCountPlanProblem(body, others);
    if (problem) {
      say(problem);
      return;
    }
    setError(null);
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(plan ? t('freeCount.updated') : t('freeCount.created'));
          onDone();
        },
        onError: (e) => {
          // Another user saved an overlapping range meanwhile: the server names the field.
          if (e instanceof ApiError && e.code === 'VALIDATION_FAILED') setError({ field: (e.field as FreeCountPlanProblem['field'] | undefined) ?? 'min', message: t('validation.count') });
        },
      },
    );
  };

  // Text fields that keep exactly what was typed ("-1", "3.5"): Mantine's NumberInput turned −1 into 1 silently.
  const input = { inputMode: 'numeric', autoComplete: 'off', w: 90, size: 'xs', styles: { input: { textAlign: 'right' } } } as const;
  const errorOf = (field: FreeCountPlanProblem['field']) => (error?.field === field ? error.message : undefined);
  return (
    <Table.Tr data-testid="free-count-editor">
      <Table.Td colSpan={3}>
        <form
          noValidate
          aria-label={plan ? t('freeCount.edit', { min: plan.min, max: plan.max }) : t('freeCount.add')}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput label={t('freeCount.fields.min')} value={String(min)} onChange={(e) => setMin(e.currentTarget.value)} {...input} error={errorOf('min') !== undefined} aria-describedby={errorOf('min') ? 'free-count-error' : undefined} />
            <Text pb={4}>〜</Text>
            <TextInput label={t('freeCount.fields.max')} value={String(max)} onChange={(e) => setMax(e.currentTarget.value)} {...input} error={errorOf('max') !== undefined} aria-describedby={errorOf('max') ? 'free-count-error' : undefined} />
            <Text pb={4}>→</Text>
            <TextInput label={t('freeCount.fields.free')} value={String(free)} onChange={(e) => setFree(e.currentTarget.value)} {...input} error={errorOf('free_quantity') !== undefined} aria-describedby={errorOf('free_quantity') ? 'free-count-error' : undefined} />
            <Button size="xs" type="submit" loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
            <Button size="xs" variant="default" onClick={onDone} disabled={save.isPending}>
              {t('common:actions.cancel')}
            </Button>
          </Group>
          {error && (
            <Text c="red" size="sm" mt={4} role="alert" id="free-count-error">
              {error.message}
            </Text>
          )}
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
