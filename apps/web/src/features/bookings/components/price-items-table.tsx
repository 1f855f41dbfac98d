import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../lib/yen.ts';
import type { BookingLabels } from './use-booking-labels.ts';

interface PriceItem {
  unit_id: number;
  calculated_quantity: number;
  unit_price: number;
  subtotal_amount: number;
}

/** Units, people, unit price and subtotal, with the total in the footer: the form's live amount and the detail's. */
export function PriceItemsTable(props: {
  label: string;
  items: readonly PriceItem[];
  labels: BookingLabels;
  /** Rows after the units (e.g. the free places). */
  extraRows?: ReactNode;
  footerLabel: string;
  total: number;
  totalTestId: string;
  testId?: string;
}) {
  const { t } = useTranslation('bookings');
  return (
    <Table aria-label={props.label} withTableBorder verticalSpacing={4} data-testid={props.testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('form.unitColumn')}</Table.Th>
          <Table.Th ta="right">{t('form.quantityColumn')}</Table.Th>
          <Table.Th ta="right">{t('form.priceColumn')}</Table.Th>
          <Table.Th ta="right">{t('form.subtotalColumn')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.items.map((item) => (
          <Table.Tr key={item.unit_id}>
            <Table.Td>{props.labels.unitName(item.unit_id)}</Table.Td>
            <Table.Td ta="right">{item.calculated_quantity}</Table.Td>
            <Table.Td ta="right">{formatYen(item.unit_price)}</Table.Td>
            <Table.Td ta="right">{formatYen(item.subtotal_amount)}</Table.Td>
          </Table.Tr>
        ))}
        {props.extraRows}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{props.footerLabel}</Table.Th>
          <Table.Th colSpan={2} ta="right">
            {t('form.totalAmount')}
          </Table.Th>
          <Table.Th ta="right" data-testid={props.totalTestId}>
            {t('form.yen', { amount: formatYen(props.total) })}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
