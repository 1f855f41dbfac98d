import { Anchor, Box, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../lib/yen.ts';

/** A route's numeric id, or null when the address holds something else. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export const amountStyle = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The sums a settlement carries, as labelled figures (請求額 = 運賃 + 差額 + 取消料 − 既入金; 既入金 only when some came in before billing). */
export function SumFields({ sums }: { sums: { amount: number; fare: number; discrepancy: number; fee: number; received: number } }) {
  const { t } = useTranslation('settlements');
  const keys = sums.received !== 0 ? (['amount', 'fare', 'discrepancy', 'fee', 'received'] as const) : (['amount', 'fare', 'discrepancy', 'fee'] as const);
  return (
    <>
      {keys.map((key) => (
        <Field key={key} label={t(`columns.${key}`)} testId={`sum-${key}`}>
          <span style={amountStyle}>{t('yen', { amount: formatYen(sums[key]) })}</span>
        </Field>
      ))}
    </>
  );
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The summary card at the top of a drill-down screen. */
export function SummaryCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" mb="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** A monthly invoice PDF (the server issues it on its first download). */
export function InvoiceLink({ url, label, testId }: { url: string; label: string; testId?: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }} data-testid={testId}>
      <IconFileDownload size={16} aria-hidden />
      {label}
    </Anchor>
  );
}

/**
 * The list's search travels with the drill-down (in the history entry's state), so going back
 * to the list finds it as it was left: filters and page.
 */
export type DrillDownState = { listSearch?: string };

export function useListSearch(): string {
  const state = useLocation().state as DrillDownState | null;
  return typeof state?.listSearch === 'string' && state.listSearch.startsWith('?') ? state.listSearch : '';
}

/** A link back up the drill-down; `toList` adds the list's search kept in the state. */
export function BackLink({ to, label, toList = false }: { to: string; label: string; toList?: boolean }) {
  const listSearch = useListSearch();
  return (
    <Group mb="xs">
      <Button
        component={Link}
        to={toList ? `${to}${listSearch}` : to}
        state={{ listSearch } satisfies DrillDownState}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {label}
      </Button>
    </Group>
  );
}

export function Loading({ visible }: { visible: boolean }) {
  return (
    <Box pos="relative" mih={240}>
      <LoadingOverlay visible={visible} />
    </Box>
  );
}
