import { Checkbox, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL, WEBHOOK_EVENT_TYPES, type WebhookEndpointWithSecret, type WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { counted } from '../../../components/length-counter.tsx';
import { SecretOnceModal } from '../../../components/secret-once-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';
import type { useCreateWebhookEndpoint } from '../api/webhooks.ts';

/** The address, what for, which branch's bookings and which events; the secret comes back once (`onCreated`). */
export function CreateWebhookModal({
  opened,
  branches,
  create,
  onClose,
  onCreated,
}: {
  opened: boolean;
  branches: { id: number; label: string }[];
  create: ReturnType<typeof useCreateWebhookEndpoint>;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation(['portal', 'common']);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [branch, setBranch] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const reset = () => {
    setUrl('');
    setDescription('');
    setBranch('');
    setEvents([]);
    setUrlError(null);
    setEventsError(null);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  // The server names the field it refuses: an address it may not reach is said under the address.
  const refusedUrl = create.error instanceof ApiError && create.error.body?.common.field === 'url';
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={opened} onClose={close} title={t('webhooks.createTitle')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const missingUrl = !url.trim();
          setUrlError(missingUrl ? validationMessage.required(t('webhooks.url')) : null);
          setEventsError(events.length === 0 ? t('webhooks.chooseEvents') : null);
          if (missingUrl || events.length === 0) return;
          create.mutate(
            { url: url.trim(), events, description: description.trim(), branch_id: branch ? Number(branch) : null, enabled: true },
            {
              onSuccess: (created) => {
                reset();
                onCreated(created);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('webhooks.url')}
            required
            value={url}
            placeholder="https://"
            error={urlError ?? (refusedUrl ? t('webhooks.urlRefused') : null)}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setUrlError(null);
              if (refusedUrl) create.reset();
            }}
            {...counted(url, MAX_WEBHOOK_URL, t('webhooks.urlHint'))}
            data-autofocus
          />
          <TextInput label={t('webhooks.descriptionLabel')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} {...counted(description, MAX_WEBHOOK_DESCRIPTION, t('webhooks.descriptionHint'))} />
          <NativeSelect
            label={t('webhooks.branch')}
            description={t('webhooks.branchHint')}
            value={branch}
            onChange={(e) => setBranch(e.currentTarget.value)}
            data={[{ value: '', label: t('webhooks.allBranches') }, ...branches.map((b) => ({ value: String(b.id), label: b.label }))]}
          />
          <Checkbox.Group label={t('webhooks.events')} description={t('webhooks.eventsHint')} required value={events} onChange={(value) => { setEvents(value as WebhookEventType[]); setEventsError(null); }} error={eventsError}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`webhooks.eventTypes.${type}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {create.isError && !refusedUrl && (
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

/** The signing secret, this once (after registering or rotating): copy it now, it cannot be shown again. */
export function ShowWebhookSecretModal({ shown, onClose }: { shown: WebhookEndpointWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const text = { title: t('webhooks.secretTitle'), onceTitle: t('webhooks.onceTitle'), onceWarning: t('webhooks.onceWarning'), intro: t('webhooks.secretFor', { url: shown?.url ?? '' }), copy: t('webhooks.copy'), copied: t('webhooks.copied'), done: t('webhooks.copiedDone') };
  return (
    <SecretOnceModal secret={shown?.secret ?? null} text={text} testId="webhook-secret-value" onClose={onClose}>
      <Text size="sm" c="dimmed">
        {t('webhooks.verifyHint')}
      </Text>
    </SecretOnceModal>
  );
}
