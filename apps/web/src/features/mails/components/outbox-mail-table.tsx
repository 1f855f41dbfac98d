import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMailRow } from '@sagano/domain/mail/outbox-schemas';
import { formatDateTime } from '../../../lib/dates.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

/** One row per mail; the subject (or anywhere on the row) opens the mail. */
export function OutboxMailTable({ mails, onOpen }: { mails: OutboxMailRow[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('mails');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.to')}</Table.Th>
            <Table.Th>{t('columns.subject')}</Table.Th>
            <Table.Th w={110}>{t('columns.status')}</Table.Th>
            <Table.Th w={90} ta="right">
              {t('columns.attempts')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.length === 0 && <TableEmptyRow colSpan={5}>{t('empty')}</TableEmptyRow>}
          {mails.map((mail) => (
            <Table.Tr key={mail.id} onClick={() => onOpen(mail.id)} style={{ cursor: 'pointer' }} data-testid={`mail-row-${mail.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(mail.created_at)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{mail.to_address}</Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(mail.id);
                  }}
                >
                  {mail.subject}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <MailStatusBadge status={mail.status} />
              </Table.Td>
              <Table.Td ta="right">{mail.attempts}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
