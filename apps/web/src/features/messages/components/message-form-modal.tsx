import { useState } from 'react';
import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CATEGORIES, type MessageCategory } from '@sagano/domain/messages/message-categories';
import { MessageBody, type MessageAttachmentResponse, type MessageResponse } from '@sagano/domain/messages/message-schemas';
import { MAX_MESSAGE_ATTACHMENTS, MAX_MESSAGE_BODY, MAX_MESSAGE_TITLE } from '@sagano/domain/messages/message-limits';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormModalActions } from '../../../components/form-modal-actions.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { setServerFieldError, zodValidate } from '../../../lib/zod-form.ts';
import { useDeleteAttachment, useSaveMessage, useUploadAttachment } from '../api/messages.ts';
import { AttachmentList } from './attachment-list.tsx';
import { AttachmentPicker } from './attachment-picker.tsx';
import { counted } from '../../../components/length-counter.tsx';

type Values = { category: MessageCategory; title: string; body: string };
const FIELDS = ['category', 'title', 'body'] as const;

/**
 * Add (message null) or edit an article, with the files to attach on saving; an edited article's
 * attachments can be deleted here. Mount it per article (key); `onSaved` hears which article was saved.
 */
export function MessageFormModal({ message, category, onClose, onSaved }: { message: MessageResponse | null; category: MessageCategory; onClose: () => void; onSaved?: (saved: MessageResponse) => void }) {
  const { t } = useTranslation(['messages', 'common']);
  const save = useSaveMessage();
  const upload = useUploadAttachment();
  const removeAttachment = useDeleteAttachment();
  const [files, setFiles] = useState<File[]>([]);
  const [attachments, setAttachments] = useState<MessageAttachmentResponse[]>(message?.attachments ?? []);
  const [removing, setRemoving] = useState<MessageAttachmentResponse | null>(null);
  const [uploading, setUploading] = useState(false);
  const labels = { category: () => t('form.category'), title: () => t('form.title'), body: () => t('form.body') };
  const validate = zodValidate(MessageBody, labels);
  const form = useForm<Values>({
    initialValues: message ? { category: message.category, title: message.title, body: message.body } : { category, title: '', body: '' },
    validate: (values) => validate({ ...values, title: values.title.trim() }),
  });

  /** Uploads the chosen files one by one; a refused file is said in a toast and the others still go. */
  async function attachAll(messageId: number): Promise<boolean> {
    let allDone = true;
    for (const file of files) {
      try {
        await upload.mutateAsync({ messageId, file });
      } catch (error) {
        allDone = false;
        notifyError(`${file.name}: ${errorMessage(error)}`);
      }
    }
    return allDone;
  }

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: message?.id ?? null, body: { ...values, title: values.title.trim() } },
      {
        onSuccess: async (saved) => {
          setUploading(true);
          const allDone = await attachAll(saved.id);
          setUploading(false);
          if (allDone) notifySuccess(t(message ? 'form.saved' : 'form.created'));
          else notifyError(t('form.attachmentsFailed'));
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          if (!setServerFieldError(form, error, FIELDS, labels)) notifyApiError(error);
        },
      },
    );
  });

  const title = t(message ? 'form.editTitle' : 'form.createTitle');
  const room = MAX_MESSAGE_ATTACHMENTS - attachments.length;
  return (
    <>
      <Modal opened={removing === null} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack gap="sm">
            <Select
              label={t('form.category')}
              required
              allowDeselect={false}
              data={MESSAGE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
              {...form.getInputProps('category')}
            />
            <TextInput label={t('form.title')} required autoComplete="off" {...form.getInputProps('title')} {...counted(form.values.title, MAX_MESSAGE_TITLE)} />
            <Textarea label={t('form.body')} autosize minRows={6} maxRows={16} {...form.getInputProps('body')} {...counted(form.values.body, MAX_MESSAGE_BODY, t('form.bodyDescription'))} />
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('attachments.title')}
              </Text>
              {message && attachments.length > 0 && <AttachmentList attachments={attachments} onRemove={setRemoving} />}
              <AttachmentPicker files={files} onChange={setFiles} room={room} />
            </Stack>
            <FormModalActions saving={save.isPending || uploading} onCancel={onClose} />
          </Stack>
        </form>
      </Modal>
      {message && removing && (
        <ConfirmModal
          opened
          title={t('attachments.removeTitle')}
          message={t('attachments.removeConfirm', { name: removing.filename })}
          confirmLabel={t('common:actions.delete')}
          danger
          loading={removeAttachment.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            removeAttachment.mutate(
              { messageId: message.id, attachmentId: removing.id },
              {
                onSuccess: (updated) => {
                  setAttachments(updated.attachments);
                  setRemoving(null);
                  notifySuccess(t('attachments.removed'));
                },
              },
            )
          }
        />
      )}
    </>
  );
}
