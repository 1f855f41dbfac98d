import { lazy, Suspense, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, EmptyState, Group, Loader, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconGripVertical, IconNews, IconPaperclip, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MESSAGE_CATEGORIES, type MessageCategory } from '@sagano/domain/messages/message-categories';
import type { MessageResponse } from '@sagano/domain/messages/message-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { closeAndNotify, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMessage, useMessageBoard, useReorderMessages } from '../api/messages.ts';

/** The article form (and its schema) downloads when an article is first written or edited, not with the dashboard. */
const MessageFormModal = lazy(() => import('./message-form-modal.tsx').then((m) => ({ default: m.MessageFormModal })));

type Editing = { message: MessageResponse | null; category: MessageCategory };

/** yyyy-MM-dd HH:mm in Japan time. */
const shortTime = (iso: string) => formatDateTime(iso).slice(0, 16);

function MessageRow({ message, editable, onEdit, onDelete }: { message: MessageResponse; editable: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('messages');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: message.id, disabled: !editable });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 };
  return (
    <Card ref={setNodeRef} style={style} withBorder padding="sm" data-testid="message-row" data-message-id={message.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {editable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('board.dragHandle', { title: message.title })}
            {...attributes}
            {...listeners}
            style={{ cursor: 'grab', touchAction: 'none' }}
            data-testid="message-drag-handle"
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/dashboard/${message.id}`} fw={600} size="sm" truncate>
              {message.title}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {shortTime(message.update_time)}
            </Text>
          </Group>
          {message.body && (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
              {message.body}
            </Text>
          )}
          {message.attachments.length > 0 && (
            <Group gap={4} c="dimmed">
              <IconPaperclip size={14} aria-hidden />
              <Text size="xs">{t('board.attachments', { count: message.attachments.length })}</Text>
            </Group>
          )}
        </Stack>
        {editable && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('board.edit')}>
              <ActionIcon variant="subtle" aria-label={`${t('board.edit')}: ${message.title}`} onClick={onEdit}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('board.delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={`${t('board.delete')}: ${message.title}`} onClick={onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** One category's articles; the back office reorders them by dragging a handle or with the keyboard. */
function CategoryList({ category, messages, canEdit, complete, onEdit, onDelete }: {
  category: MessageCategory;
  messages: MessageResponse[];
  canEdit: boolean;
  complete: boolean;
  onEdit: (m: MessageResponse) => void;
  onDelete: (m: MessageResponse) => void;
}) {
  const { t } = useTranslation('messages');
  const reorder = useReorderMessages();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (id: string | number) => messages.find((m) => m.id === id)?.title ?? '';
  const positionOf = (id: string | number) => messages.findIndex((m) => m.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('board.dnd.pickedUp', { title: titleOf(active.id), position: positionOf(active.id), total: messages.length }),
    onDragOver: ({ active, over }) => (over ? t('board.dnd.movedOver', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('board.dnd.dropped', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragCancel: () => t('board.dnd.cancelled'),
  };
  const editable = canEdit && complete && messages.length > 1;

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = messages.map((m) => m.id);
    const next = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    reorder.mutate({ category, message_ids: next }, { onSuccess: () => notifySuccess(t('board.reordered')) });
  }

  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {t('board.emptyCategory')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {canEdit && messages.length > 1 && (
        <Text size="xs" c="dimmed">
          {complete ? t('board.reorderHint') : t('board.tooManyToReorder')}
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('board.dnd.instructions') } }}>
        <SortableContext items={messages.map((m) => m.id)} strategy={verticalListSortingStrategy}>
          <Stack gap="xs" data-testid={`message-list-${category}`}>
            {messages.map((m) => (
              <MessageRow key={m.id} message={m} editable={editable} onEdit={() => onEdit(m)} onDelete={() => onDelete(m)} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

/**
 * The dashboard's articles by category (spec 000 §2 dashboard): title, time, the first lines and
 * the attachments. The back office adds, edits, deletes and reorders; everyone else reads.
 */
export function MessageBoard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['messages', 'common']);
  const board = useMessageBoard();
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<MessageResponse | null>(null);
  const [tab, setTab] = useState<MessageCategory | null>(null);

  const byCategory = useMemo(() => {
    const groups = Object.fromEntries(MESSAGE_CATEGORIES.map((c) => [c, [] as MessageResponse[]])) as Record<MessageCategory, MessageResponse[]>;
    for (const m of board.data?.messages ?? []) groups[m.category].push(m);
    for (const c of MESSAGE_CATEGORIES) groups[c].sort((a, b) => b.sort_id - a.sort_id || b.id - a.id);
    return groups;
  }, [board.data]);
  const complete = board.data ? board.data.total <= board.data.messages.length : false;
  const active = tab ?? MESSAGE_CATEGORIES.find((c) => byCategory[c].length > 0) ?? MESSAGE_CATEGORIES[0];
  const empty = board.data !== undefined && board.data.total === 0;

  return (
    <Card withBorder padding="lg" data-testid="message-board">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('board.title')}
        </Title>
        {canEdit && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ message: null, category: active })}>
            {t('board.add')}
          </Button>
        )}
      </Group>
      {board.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : board.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('board.loadFailed')}
        </Text>
      ) : empty ? (
        <EmptyState icon={<IconNews size={28} aria-hidden />} title={t('board.empty')} description={t('board.emptyDescription')} size="sm" />
      ) : (
        <Tabs value={active} onChange={(value) => value && setTab(value as MessageCategory)} keepMounted={false}>
          <Tabs.List aria-label={t('board.tabsLabel')} mb="sm">
            {MESSAGE_CATEGORIES.map((c) => (
              <Tabs.Tab
                key={c}
                value={c}
                rightSection={
                  byCategory[c].length > 0 ? (
                    <Badge size="xs" variant="light" color={c === 'IMPORTANT' ? 'red' : 'blue'} circle>
                      {byCategory[c].length}
                    </Badge>
                  ) : null
                }
              >
                {t(`categories.${c}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {MESSAGE_CATEGORIES.map((c) => (
            <Tabs.Panel key={c} value={c}>
              <CategoryList
                category={c}
                messages={byCategory[c]}
                canEdit={canEdit}
                complete={complete}
                onEdit={(message) => setEditing({ message, category: c })}
                onDelete={setDeleting}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {editing && (
        <Suspense fallback={null}>
          <MessageFormModal key={editing.message?.id ?? 'new'} message={editing.message} category={editing.category} onClose={() => setEditing(null)} onSaved={(saved) => setTab(saved.category)} />
        </Suspense>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('board.deleteTitle')}
        message={t('board.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('common:actions.delete')}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, closeAndNotify(() => setDeleting(null), t('board.deleted')))}
      />
    </Card>
  );
}
