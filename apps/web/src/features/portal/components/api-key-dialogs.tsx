import { Code, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_API_KEY_NAME, type CreatedApiKeyResponse } from '@sagano/domain/auth/api-key-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { SecretOnceModal } from '../../../components/secret-once-modal.tsx';
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
  const { t } = useTranslation('portal');
  const text = { title: t('apiKeys.shownTitle'), onceTitle: t('apiKeys.onceTitle'), onceWarning: t('apiKeys.onceWarning'), intro: t('apiKeys.shownFor', { name: created?.name ?? '' }), copy: t('apiKeys.copy'), copied: t('apiKeys.copied'), done: t('apiKeys.copiedDone') };
  return (
    <SecretOnceModal secret={created?.key ?? null} text={text} testId="api-key-value" onClose={onClose}>
      <Text size="sm" c="dimmed">
        {t('apiKeys.usage')}
      </Text>
      <Code block>{`Authorization: Bearer ${created?.prefix ?? ''}…`}</Code>
    </SecretOnceModal>
  );
}
