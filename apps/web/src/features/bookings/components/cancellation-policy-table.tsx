import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRatePercent } from '../../../lib/yen.ts';

type PolicyRow = { days_before: number; rate_e6: number };

/** The address of the policy document (a printable page of the policy in force, open without a session). */
export const CANCELLATION_POLICY_DOCUMENT = '/cancellation-policy/document';

/** The address of one booking's policy document: its days and fees (signed in). */
export const bookingPolicyDocument = (bookingId: string) => `${CANCELLATION_POLICY_DOCUMENT}/${encodeURIComponent(bookingId)}`;

/** The cancellation policy as a table (longest notice first), the row in force highlighted, and a link to its document (a booking's own, where given). */
export function CancellationPolicyTable({ policy, currentDaysBefore, withDocumentLink = true, documentHref = CANCELLATION_POLICY_DOCUMENT }: { policy: readonly PolicyRow[]; currentDaysBefore?: number | undefined; withDocumentLink?: boolean; documentHref?: string }) {
  const { t } = useTranslation('bookings');
  const rows = [...policy].sort((a, b) => b.days_before - a.days_before);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('cancel.policyTitle')} data-testid="cancellation-policy">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('cancel.policyTitle')}
        </Title>
        {withDocumentLink && (
          <Anchor href={documentHref} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
            <IconFileText size={14} aria-hidden />
            {t('cancel.policyDocument')}
          </Anchor>
        )}
      </Group>
      <Table aria-label={t('cancel.policyTitle')} withTableBorder={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cancel.when')}</Table.Th>
            <Table.Th ta="right">{t('cancel.rate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.days_before} fw={row.days_before === currentDaysBefore ? 700 : undefined} data-current={row.days_before === currentDaysBefore || undefined}>
              <Table.Td>{row.days_before === 0 ? t('cancel.onTheDay') : t('cancel.daysBefore', { count: row.days_before })}</Table.Td>
              <Table.Td ta="right">{t('cancel.percent', { value: formatRatePercent(row.rate_e6) })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('cancel.policyNote')}
      </Text>
    </Paper>
  );
}
