import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingNote } from '@sagano/domain/bookings/booking-schemas';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddBookingNote } from '../api/booking-notes.ts';
import { MAX_BOOKING_NOTE } from '@sagano/domain/bookings/booking-constants';
import { counted } from '../../../components/length-counter.tsx';

/** The booking's notes and a form to add one; operators may mark it 社内メモ (agents never see those). */
const NOTE_INPUT_STYLES = { input: { fieldSizing: 'content', minHeight: '4.5em', maxHeight: '16em' } } as const;

export function BookingNotes({ bookingId, notes, canMarkPrivate }: { bookingId: string; notes: BookingNote[]; canMarkPrivate: boolean }) {
  const { t } = useTranslation('bookings');
  const add = useAddBookingNote(bookingId);
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  return (
    <Stack gap="sm">
      {notes.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('detail.noNotes')}
        </Text>
      )}
      {notes.map((note) => (
        <Stack key={note.note_id} gap={2} pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatDateTime(note.created_at)} · {note.author.name}
            </Text>
            {note.is_private && (
              <Badge size="xs" color="gray" variant="outline">
                {t('detail.privateBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.note}
          </Text>
        </Stack>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          add.mutate(
            { note: text.trim(), is_private: canMarkPrivate && isPrivate },
            {
              onSuccess: () => {
                setText('');
                setPrivate(false);
                notifySuccess(t('detail.noteAdded'));
              },
            },
          );
        }}
      >
        <Stack gap="xs">
          {/* Grows with its text by CSS (field-sizing), not by measuring a hidden copy at mount as autosize does: that forced a layout of the whole page in the booking's first render. */}
          <Textarea label={t('detail.noteLabel')} rows={2} resize="vertical" styles={NOTE_INPUT_STYLES} {...counted(text, MAX_BOOKING_NOTE)} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Group justify="space-between">
            {canMarkPrivate ? (
              <Checkbox label={t('detail.notePrivate')} checked={isPrivate} onChange={(e) => setPrivate(e.currentTarget.checked)} />
            ) : (
              <span />
            )}
            <Button type="submit" size="xs" loading={add.isPending} disabled={!text.trim()}>
              {t('detail.addNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
