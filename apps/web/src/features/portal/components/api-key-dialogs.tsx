import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, NativeSelect, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_API_KEY_NAME, type CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import type { useCreateApiKey } from '../api/api-keys.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

/** Name the key and choose the branch it acts for; the key comes back once (`onCreated`). */
export function CreateApiKeyModal({
  opened,
  groups,
  create,
  onClose,
  onCreated,
}: {
  opened: boolean;
  groups: { id: number; label: string }[];
  create: ReturnType<typeof useCreateApiKey>;
  onClose: () => void;
  onCreated: (created: CreatedApiKeyResponse) => void;
}) {
  const { t } = useTranslation(['portal', 'common']);
  const [name, setName] = useState('');
  const [groupId, setGroupId] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const chosen = groupId || String(groups[0]?.id ?? '');
  const close = () => {
    setName('');
    setGroupId('');
    setNameError(null);
    create.reset();
    onClose();
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={opened} onClose={close} title={t('apiKeys.createTitle')} size="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) {
            setNameError(validationMessage.required(t('apiKeys.name')));
            return;
          }
          create.mutate(
            { name: name.trim(), group_id: Number(chosen) },
            {
              onSuccess: (created) => {
                setName('');
                setGroupId('');
                onCreated(created);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('apiKeys.name')}
            required
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            {...counted(name, MAX_API_KEY_NAME, t('apiKeys.nameHint'))}
            data-autofocus
          />
          <NativeSelect
            label={t('apiKeys.branch')}
            description={t('apiKeys.branchHint')}
            required
            value={chosen}
            onChange={(e) => setGroupId(e.currentTarget.value)}
            data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
          />
          {create.isError && (
            <Text size="sm" c="red" role="alert">
              {errorMessage(create.error)}
            </Text>
          )}
          <FormModalActions saving={create.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}

/** The new key, this once: copy it now, it cannot be shown again. */
export function ShowApiKeyModal({ created, onClose }: { created: CreatedApiKeyResponse | null; onClose: () => void }) {
  const { t } = useTranslation(['portal', 'common']);
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={created !== null} onClose={onClose} title={t('apiKeys.shownTitle')} size="lg" closeOnClickOutside={false}>
      {created && (
        <Stack gap="sm">
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('apiKeys.onceTitle')}>
            {t('apiKeys.onceWarning')}
          </Alert>
          <Text size="sm">{t('apiKeys.shownFor', { name: created.name })}</Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="api-key-value">
              {created.key}
            </Code>
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('apiKeys.copied') : t('apiKeys.copy')} withArrow>
                  <ActionIcon variant="light" color={copied ? 'teal' : 'blue'} size="lg" onClick={copy} aria-label={t('apiKeys.copy')}>
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('apiKeys.usage')}
          </Text>
          <Code block>{`Authorization: Bearer ${created.prefix}…`}</Code>
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose}>{t('apiKeys.copiedDone')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
