import { Anchor, Badge, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrashX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MessageScreen } from '../../../components/message-screen.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useMessage } from '../api/messages.ts';
import { messagesKeys } from '../api/messages-keys.ts';
import { AttachmentList } from '../components/attachment-list.tsx';
import { LinkedText } from '../components/linked-text.tsx';

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** dashboard/{messageId}: one article, its body as plain text with links, its attachments to download. */
export function Component() {
  const { messageId } = useParams();
  const id = Number(messageId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return <NotFoundScreen />;
  return <MessagePage id={id} />;
}

function MessagePage({ id }: { id: number }) {
  const { t } = useTranslation(['messages', 'common']);
  const message = useMessage(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Deleted while open (spec 001 §8): it had loaded, and looking again finds it gone.
  if (message.data && isGone(message.error)) {
    return (
      <MessageScreen
        icon={<IconTrashX size={36} />}
        title={t('page.deletedTitle')}
        description={t('page.deletedDescription')}
        action={{
          label: t('page.reload'),
          onClick: () => {
            // The board's cached list still holds the deleted article: drop it so the dashboard
            // opens on a fresh list instead of showing the old one while it refetches.
            void queryClient.resetQueries({ queryKey: messagesKeys.board });
            void navigate('/dashboard');
          },
        }}
      />
    );
  }
  if (isGone(message.error)) {
    return <MessageScreen icon={<IconTrashX size={36} />} title={t('page.notFound')} description={t('page.notFoundDescription')} action={{ label: t('page.back'), to: '/dashboard' }} />;
  }
  if (!message.data) {
    return message.isError ? (
      <NotFoundScreen />
    ) : (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }

  const m = message.data;
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to="/dashboard" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('page.back')}
        </Group>
      </Anchor>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color={m.category === 'IMPORTANT' ? 'red' : 'blue'} data-testid="message-category">
              {t(`categories.${m.category}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('page.created', { date: formatDateTime(m.create_time).slice(0, 16) })}
            </Text>
            {m.update_time !== m.create_time && (
              <Text size="xs" c="dimmed">
                {t('page.updated', { date: formatDateTime(m.update_time).slice(0, 16) })}
              </Text>
            )}
          </Group>
          <Title order={1} size="h3" data-testid="message-title">
            {m.title}
          </Title>
          {m.body && <LinkedText text={m.body} size="sm" data-testid="message-body" />}
          <Divider />
          <Text size="sm" fw={500}>
            {t('attachments.title')}
          </Text>
          <AttachmentList attachments={m.attachments} />
        </Stack>
      </Card>
    </Stack>
  );
}
