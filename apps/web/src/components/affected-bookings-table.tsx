import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import { ListTable } from './list-table.tsx';
import { useAgentName } from '../lib/agent-name.ts';

/**
 * The live bookings a suspension or a calendar change will refuse (DESIGN §3): booking number
 * (link), group, agent and branch, people, train and day, status now and the refusal reason.
 * Shown in the suspend dialog, with a calendar request and in the approval.
 */
export function AffectedBookingsTable({ bookings, label }: { bookings: readonly AffectedBooking[]; label: string }) {
  const { t, i18n } = useTranslation(['common', 'bookings']);
  const agentName = useAgentName();
  if (bookings.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="affected-bookings-none">
        {t('affectedBookings.none')}
      </Text>
    );
  }
  return (
    <ListTable
      minWidth={760} maxHeight={360} aria-label={label} withTableBorder verticalSpacing={6} fz="sm" data-testid="affected-bookings" headStyle={{ whiteSpace: 'nowrap' }}
      head={
        <>
          <Table.Th>{t('affectedBookings.columns.booking')}</Table.Th>
          <Table.Th>{t('affectedBookings.columns.group')}</Table.Th>
          <Table.Th>{t('affectedBookings.columns.agent')}</Table.Th>
          <Table.Th ta="right">{t('affectedBookings.columns.people')}</Table.Th>
          <Table.Th>{t('affectedBookings.columns.train')}</Table.Th>
          <Table.Th>{t('affectedBookings.columns.status')}</Table.Th>
          <Table.Th>{t('affectedBookings.columns.reason')}</Table.Th>
        </>
      }
    >
      {bookings.map((b) => (
        <Table.Tr key={`${b.booking_id}-${b.service_date}-${b.service_id}`}>
          <Table.Td>
            <Anchor component={Link} to={`/bookings/${b.booking_id}`} ff="monospace" size="sm">
              {b.booking_id}
            </Anchor>
          </Table.Td>
          <Table.Td>{b.group_name}</Table.Td>
          <Table.Td>
            {agentName(b.agent_name, b.agent_name_en)} / {agentName(b.agent_sub_group_name, b.agent_sub_group_name_en)}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('affectedBookings.people', { count: b.participant_quantity })}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {b.service_date} {labelText(b.service_names, i18n.language)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`bookings:status.${b.status}`)}</Table.Td>
          <Table.Td>
            <Text size="sm" c="red" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t(`bookings:refusal.${b.reason}`)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
