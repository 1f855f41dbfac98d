import { useId } from 'react';
import { Box, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CancellationSettlementPreview } from '@sagano/domain/payments/payment-schemas';
import { formatYen } from '../lib/yen.ts';

function Row({ label, amount, how, testId }: { label: string; amount: string; how?: string | null; testId: string }) {
  return (
    <Box style={{ display: 'contents' }} data-testid={testId}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {amount}
        </Text>
        {how && (
          <Text size="xs" data-testid={`${testId}-how`}>
            {how}
          </Text>
        )}
      </Box>
    </Box>
  );
}

/**
 * How cancelling now would settle the booking's money (the cancellation quote's `settlement`):
 * what was paid (or, for a monthly agent, already invoiced), what of it pays the fee, what goes
 * back and how, and what is still to pay and how. Shown to the agent before agreeing (the cancel
 * page) and to both sides in the confirmation dialog. Null, or no fee and nothing paid: a sentence.
 */
export function CancellationSettlement({ settlement, headingOrder = 3 }: { settlement: CancellationSettlementPreview | null; headingOrder?: TitleOrder }) {
  const { t } = useTranslation('payments');
  const headingId = useId();
  const yen = (e6: number) => t('yen', { amount: formatYen(e6) });
  const nothing = !settlement || (settlement.fee_amount === 0 && settlement.paid_amount === 0);
  const monthly = settlement?.on_monthly_invoice ?? false;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId} data-testid="cancellation-settlement">
      <Title order={headingOrder} size="h6" id={headingId}>
        {t('settlement.title')}
      </Title>
      {nothing || !settlement ? (
        <Text size="sm" data-testid="settlement-nothing">
          {t('settlement.nothing')}
        </Text>
      ) : (
        <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'minmax(9em, max-content) 1fr', columnGap: 'var(--mantine-spacing-md)', rowGap: 6 }}>
          <Row label={t(monthly ? 'settlement.invoiced' : 'settlement.paid')} amount={yen(settlement.paid_amount)} testId="settlement-paid" />
          {!monthly && settlement.paid_amount > 0 && <Row label={t('settlement.appliedToFee')} amount={yen(settlement.applied_to_fee_amount)} testId="settlement-applied" />}
          {settlement.paid_amount > 0 && (
            <Row
              label={t('settlement.refund')}
              amount={yen(settlement.refund_amount)}
              how={settlement.refund_amount > 0 ? t(`settlement.refundHow.${settlement.refund_route}`) : null}
              testId="settlement-refund"
            />
          )}
          <Row
            label={t('settlement.stillOwed')}
            amount={yen(settlement.still_owed_amount)}
            how={settlement.still_owed_amount > 0 ? t(`settlement.stillOwedHow.${monthly ? 'MONTHLY_INVOICE' : settlement.refund_route}`) : null}
            testId="settlement-still-owed"
          />
        </Box>
      )}
    </Stack>
  );
}
