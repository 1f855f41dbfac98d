import { useState } from 'react';
import { Button, Group, LoadingOverlay, Paper, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PricingPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { SEGMENTS, type Unit } from '@sagano/domain/reference/reference-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatYen } from '../../../lib/yen.ts';
import { useUnits } from '../../../lib/reference/get-units.ts';
import { useDeletePricingPlan } from '../api/delete-pricing-plan.ts';
import { usePricingPlans } from '../api/get-pricing-plans.ts';
import { PricingPlanFormModal } from '../components/pricing-plan-form-modal.tsx';
import type { Segment } from '../components/plan-form-values.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

type Dialog = { kind: 'form'; plan: PricingPlanResponse | null; segment: Segment } | { kind: 'delete'; plan: PricingPlanResponse };

/** The plan's adult fare for the NORMAL annotation: the figure staff look for first. */
function adultFare(plan: PricingPlanResponse, units: readonly Unit[]): number | undefined {
  const unit = units.find((u) => u.segment === plan.segment && u.annotation === 'NORMAL' && u.fare_type === 'ADULT');
  return plan.units.find((u) => u.unit_id === unit?.id)?.price_e6;
}

function PlanTable({ segment, plans, units, onEdit, onDelete }: { segment: Segment; plans: PricingPlanResponse[]; units: readonly Unit[]; onEdit: (p: PricingPlanResponse) => void; onDelete: (p: PricingPlanResponse) => void }) {
  const { t } = useTranslation(['pricing', 'common']);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={t('plans.listLabel', { segment: t(`segments.${segment}`) })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('plans.columns.name')}</Table.Th>
            <Table.Th w={240}>{t('plans.columns.period')}</Table.Th>
            <Table.Th w={160} ta="right">
              {t('plans.columns.adultFare')}
            </Table.Th>
            <Table.Th w={100}>{t('plans.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.length === 0 && <TableEmptyRow colSpan={4}>{t('plans.empty')}</TableEmptyRow>}
          {plans.map((plan) => {
            const fare = adultFare(plan, units);
            return (
              <Table.Tr key={plan.id} data-testid={`pricing-plan-${plan.id}`}>
                <Table.Td>{plan.name}</Table.Td>
                <Table.Td>{t('plans.period', { from: plan.service_date_from, to: plan.service_date_to })}</Table.Td>
                <Table.Td ta="right">{fare === undefined ? '' : t('yen', { amount: formatYen(fare) })}</Table.Td>
                <Table.Td>
                  <RowActions edit={{ label: t('plans.edit', { name: plan.name }), onClick: () => onEdit(plan) }} remove={{ label: t('plans.delete', { name: plan.name }), onClick: () => onDelete(plan) }} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /group-pricing-plans: fares and decrement fees per segment and period (spec 000 Master menu). */
export function Component() {
  const { t } = useTranslation(['pricing', 'common']);
  const plans = usePricingPlans();
  const units = useUnits();
  const remove = useDeletePricingPlan();
  // The last dialog stays set while it closes, so its text does not vanish during the transition.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: Dialog) => {
    setDialog(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const allUnits = units.data?.units ?? [];

  return (
    <>
      <PageHeader title={t('plans.title')} description={t('plans.description')} />
      <Stack gap="md">
        {SEGMENTS.map((segment) => (
          <Paper key={segment} withBorder p="md" pos="relative">
            <LoadingOverlay visible={(plans.isFetching && !plans.data) || units.isPending} />
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {t(`segments.${segment}`)}
              </Title>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} disabled={!units.data} onClick={() => open({ kind: 'form', plan: null, segment })}>
                {t('plans.add')}
              </Button>
            </Group>
            <PlanTable
              segment={segment}
              plans={(plans.data?.pricing_plans ?? []).filter((p) => p.segment === segment)}
              units={allUnits}
              onEdit={(plan) => open({ kind: 'form', plan, segment })}
              onDelete={(plan) => open({ kind: 'delete', plan })}
            />
          </Paper>
        ))}
      </Stack>

      {dialog?.kind === 'form' && opened && units.data && (
        <PricingPlanFormModal key={dialog.plan?.id ?? `new-${dialog.segment}`} plan={dialog.plan} segment={dialog.segment} units={allUnits} onClose={close} />
      )}
      <ConfirmMutation
        target={opened && dialog?.kind === 'delete' ? dialog.plan : null}
        title={t('plans.deleteTitle')}
        message={(plan) => t('plans.deleteConfirm', { name: plan.name, from: plan.service_date_from, to: plan.service_date_to })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(plan) => plan.id}
        done={t('plans.deleted')}
        onClose={close}
      />
    </>
  );
}
