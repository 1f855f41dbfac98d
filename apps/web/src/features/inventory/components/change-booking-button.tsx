import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconReplace, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceOrderRow } from '@sagano/domain/bookings/booking-schemas';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { tokyoToday } from '@sagano/domain/common/business-date';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { formatServiceDay } from '../../../lib/calendar-grid.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useBookingToChange, useChangeableBookings } from '../api/search-changeable-bookings.ts';
import { changeableRows, changeFormLink, trainChangeBlocked, type PickedTrain } from './change-booking.ts';
import type { ReferenceLabels } from './use-reference-labels.ts';

/** The train as the seat inquiry shows it: enough to name it in the dialog. */
export type ChangeTrain = PickedTrain & { service_names: readonly LocalizedLabel[]; departure_hhmm: string | null };

function TrainLine({ label, date, name, departure }: { label: string; date: string; name: string; departure: string | null }) {
  const { t, i18n } = useTranslation('inventory');
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{t('changeBooking.trainLine', { date: formatServiceDay(date, i18n.language), train: name, departure: departure ?? '—' })}</Text>
    </Stack>
  );
}

/** Step 2: the picked booking's train that way → the new one, and the way to its change form (or why not). */
function Confirm({ row, train, refs, onBack }: { row: ServiceOrderRow; train: ChangeTrain; refs: ReferenceLabels; onBack: () => void }) {
  const { t } = useTranslation('inventory');
  const booking = useBookingToChange(row.booking_id);
  const blocked = booking.data ? trainChangeBlocked(booking.data) : null;
  return (
    <Stack gap="md" data-testid="change-booking-confirm">
      <Text fw={700}>{t('changeBooking.picked', { id: row.booking_id, group: row.group_name })}</Text>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <TrainLine label={t('changeBooking.current')} date={row.service_date} name={refs.label(row.service_name)} departure={row.departure_time} />
          <IconArrowRight size={16} aria-hidden />
          <TrainLine label={t('changeBooking.next')} date={train.date} name={refs.label(train.service_names)} departure={train.departure_hhmm} />
        </Stack>
      </Paper>
      {booking.isPending && <Loader size="sm" aria-label={t('changeBooking.checking')} />}
      {booking.isError && <Alert color="red">{t('changeBooking.loadError')}</Alert>}
      {blocked && (
        <Alert color="orange" data-testid="change-booking-blocked">
          {t(`changeBooking.blocked.${blocked}`)}
        </Alert>
      )}
      {booking.data && !blocked && <Text size="sm">{t('changeBooking.formHint')}</Text>}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('changeBooking.back')}
        </Button>
        {booking.data && !blocked ? (
          <Button component={Link} to={changeFormLink(row.booking_id, train)} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('changeBooking.go')}
          </Button>
        ) : (
          <Button disabled rightSection={<IconArrowRight size={16} aria-hidden />}>
            {t('changeBooking.go')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Step 1: the caller's confirmed bookings with a train that way from today, searchable by number or group name. */
function Pick({ train, refs, onPick }: { train: ChangeTrain; refs: ReferenceLabels; onPick: (row: ServiceOrderRow) => void }) {
  const { t, i18n } = useTranslation('inventory');
  const agentName = useAgentName();
  const operator = capabilitiesOf(useCurrentUser()).backOffice;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = useChangeableBookings(debounced, tokyoToday(), true);
  const rows = changeableRows(search.data?.service_orders ?? [], train);
  // Typed ahead of the search, or the search sent and not yet answered: the rows shown are the
  // previous words', dimmed and marked busy until the new ones come (never picked as a match).
  const pending = text.trim() !== debounced.trim() || search.isPlaceholderData;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('changeBooking.search')}
        placeholder={t('changeBooking.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        {t('changeBooking.hint')}
      </Text>
      {search.isPending && <Loader size="sm" aria-label={t('changeBooking.searching')} />}
      {search.isError && <Alert color="red">{t('changeBooking.loadError')}</Alert>}
      {search.data && !pending && rows.length === 0 && <Text size="sm">{t('changeBooking.none')}</Text>}
      <PendingFrame pending={pending}>
        <Stack gap="xs" role="list" aria-label={t('changeBooking.listLabel')}>
          {rows.map((row) => (
            <Paper key={`${row.booking_id}-${row.direction}`} withBorder p="sm" role="listitem" data-testid={`change-booking-row-${row.booking_id}`}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.booking_id} {row.group_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('changeBooking.rowTrain', {
                      date: formatServiceDay(row.service_date, i18n.language),
                      train: refs.label(row.service_name),
                      departure: row.departure_time ?? '—',
                      n: row.participant_quantity,
                    })}
                    {operator ? ` / ${agentName(row.agent.name, row.agent.name_en)}` : ''}
                  </Text>
                </Stack>
                <Button size="compact-sm" variant="light" onClick={() => onPick(row)} aria-label={t('changeBooking.pickLabel', { id: row.booking_id })} style={{ flexShrink: 0 }}>
                  {t('changeBooking.pick')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </PendingFrame>
    </Stack>
  );
}

/**
 * "Change a booking to this train" (spec 000 §2: from the seat inquiry to booking input or booking
 * change): the caller picks one of its confirmed bookings, sees its train that way against the new
 * one, and goes on to the booking's change form with the new train chosen.
 */
export function ChangeBookingButton({ train, refs, size = 'xs' }: { train: ChangeTrain; refs: ReferenceLabels; size?: 'xs' | 'compact-sm' }) {
  const { t } = useTranslation(['inventory', 'common']);
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<ServiceOrderRow | null>(null);
  const name = refs.label(train.service_names);
  const shown = size === 'compact-sm' ? t('changeBooking.rowButton') : t('changeBooking.button');
  const close = () => {
    setOpened(false);
    setPicked(null);
  };
  return (
    <>
      {/* A row of the day list has room for the short words; the train's page for the whole phrase.
          The name begins with the words shown (WCAG 2.5.3) and adds the train. */}
      <Button size={size} variant="default" leftSection={<IconReplace size={14} aria-hidden />} onClick={() => setOpened(true)} aria-label={`${shown}: ${name}`}>
        {shown}
      </Button>
      <Modal opened={opened} onClose={close} title={t('changeBooking.title', { train: name })} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {picked ? <Confirm row={picked} train={train} refs={refs} onBack={() => setPicked(null)} /> : <Pick train={train} refs={refs} onPick={setPicked} />}
      </Modal>
    </>
  );
}
