import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AllotmentService } from '@sagano/domain/inventory/inventory-schemas';
import { LevelBadge, ServiceStatusBadge, TagBadge } from './level-badge.tsx';
import type { ReferenceLabels } from './use-reference-labels.ts';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { ListTable } from '../../../components/list-table.tsx';

const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;

/**
 * The trains of one list (a direction, or the outbound or return leg), with their seats on the segment.
 * With `bookHref` (the agent portal) each running train has a button to book it, and with
 * `changeBooking` one to move a booking onto it.
 */
export function TrainList({
  title,
  services,
  refs,
  trainHref,
  bookHref,
  changeBooking,
  loading,
}: {
  title: string;
  services: readonly AllotmentService[];
  refs: ReferenceLabels;
  trainHref: (service: AllotmentService) => string;
  bookHref?: (service: AllotmentService) => string;
  changeBooking?: (service: AllotmentService) => ReactNode;
  loading: boolean;
}) {
  const { t } = useTranslation(['inventory', 'common', 'bookings']);
  const columns = bookHref ? 11 : 10;
  const sorted = [...services].sort((a, b) => (a.departure_hhmm ?? '').localeCompare(b.departure_hhmm ?? ''));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <ListTable
        // The two row buttons need room: the table scrolls sideways rather than squeeze the train names.
        minWidth={changeBooking ? 1080 : 900} aria-label={title} highlightOnHover verticalSpacing="xs"
        head={
          <>
            <Table.Th miw={120}>{t('day.columns.train')}</Table.Th>
            <Table.Th w={64}>{t('day.columns.departure')}</Table.Th>
            <Table.Th w={64}>{t('day.columns.arrival')}</Table.Th>
            <Table.Th w={80} ta="right">{t('day.columns.groupSeats')}</Table.Th>
            <Table.Th w={64} ta="right">{t('day.columns.vacant')}</Table.Th>
            <Table.Th w={72} ta="right">{t('day.columns.requested')}</Table.Th>
            <Table.Th w={120} ta="right">{t('day.columns.reserved')}</Table.Th>
            <Table.Th w={130}>{t('day.columns.level')}</Table.Th>
            <Table.Th>{t('day.columns.tags')}</Table.Th>
            <Table.Th w={100}>{t('day.columns.status')}</Table.Th>
            {bookHref && <Table.Th w={changeBooking ? 250 : 110} />}
          </>
        }
      >
        {sorted.length === 0 && <TableEmptyRow colSpan={columns}>{loading ? t('common:status.loading') : t('day.noTrains')}</TableEmptyRow>}
        {sorted.map((service) => {
          const name = refs.label(service.service_names);
          const stopped = service.status === 'suspended';
          return (
            <Table.Tr key={service.service_id} data-testid={`train-row-${service.service_id}`} c={stopped ? 'dimmed' : undefined}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={trainHref(service)} fw={600} size="sm" aria-label={t('day.openTrain', { train: name })}>
                    {name}
                  </Anchor>
                  {service.is_special && (
                    <Badge size="xs" variant="outline" color="violet">
                      {t('special')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td {...num}>{service.departure_hhmm ?? '—'}</Table.Td>
              <Table.Td {...num}>{service.arrival_hhmm ?? '—'}</Table.Td>
              <Table.Td {...num}>{service.group_seats}</Table.Td>
              <Table.Td {...num} fw={700}>
                {service.vacant_seats}
              </Table.Td>
              <Table.Td {...num}>{service.requested_seats}</Table.Td>
              <Table.Td {...num}>{service.reserved_or_occupied_seats}</Table.Td>
              <Table.Td>
                <LevelBadge level={service.has_inventory ? service.allotment_level : null} size="sm" />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  {service.tags.map((tag) => (
                    <TagBadge key={tag} tag={tag} />
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ServiceStatusBadge status={service.status} />
              </Table.Td>
              {bookHref && (
                <Table.Td>
                  {/* Suspended, on hold or not on sale: no booking, and why (the server refuses them too). */}
                  {service.bookable ? (
                    <Group gap={6} wrap="nowrap">
                      <Button component={Link} to={bookHref(service)} size="compact-sm" aria-label={`${t('bookings:list.create')}: ${name}`}>
                        {t('bookings:list.create')}
                      </Button>
                      {changeBooking?.(service)}
                    </Group>
                  ) : (
                    <Text size="xs" c="dark.4" data-testid={`unbookable-${service.service_id}`}>
                      {t(`bookings:form.unbookable.${service.unbookable_reason ?? 'SUSPENDED'}`)}
                    </Text>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </ListTable>
    </Paper>
  );
}
