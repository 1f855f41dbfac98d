import { useState } from 'react';
import { Button, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIGNATURE_BYTES, imageTypeOf, MAX_IMAGE_BYTES } from '@sagano/domain/files/image-type';
import type { OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FileDropZone, type DropRefusal } from '../../../components/file-drop-zone.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { closeAndNotify, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveOperatorImage, useUploadOperatorImage } from '../api/operator-basic-info.ts';

// The drop zone takes a file by its type or its name; the server then judges by the first bytes, as isImage does.
const IMAGES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };

const REFUSAL_KEY = { wrongType: 'basicInfo.images.notImage', tooLarge: 'basicInfo.images.tooLarge', tooMany: 'basicInfo.images.oneFile' } as const satisfies Record<DropRefusal, string>;

/** Whether a file the drop zone took is a PNG or JPEG by its first bytes, as the server checks it. */
async function isImage(file: File): Promise<boolean> {
  return imageTypeOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())) !== null;
}

/** The operator's logo or company stamp on 基本情報: the current image, a file to upload in its place, and removal. */
export function OperatorImageCard({ image, url }: { image: OperatorImage; url: string | null }) {
  const { t } = useTranslation(['masterData', 'common']);
  const upload = useUploadOperatorImage(image);
  const remove = useRemoveOperatorImage(image);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!(await isImage(file))) {
      setError(t('basicInfo.images.notImage'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t(`basicInfo.images.${image}.uploaded`)),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <Paper withBorder p="sm" data-testid={`operator-image-${image}`}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t(`basicInfo.images.${image}.title`)}
        </Text>
        <Center h={140} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {url ? (
            <Image src={url} alt={t(`basicInfo.images.${image}.alt`)} h={120} w="auto" maw="100%" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('basicInfo.images.none')}
            </Text>
          )}
        </Center>
        <FileDropZone
          label={t(`basicInfo.images.${image}.drop`)}
          hint={t('basicInfo.images.rules')}
          accept={IMAGES}
          maxSize={MAX_IMAGE_BYTES}
          loading={upload.isPending}
          onDrop={([file], [refused]) => {
            if (refused) setError(t(REFUSAL_KEY[refused.reason]));
            else void take(file);
          }}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {url && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              {t('basicInfo.images.remove')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t(`basicInfo.images.${image}.removeTitle`)}
        message={t(`basicInfo.images.${image}.removeConfirm`)}
        confirmLabel={t('common:actions.delete')}
        danger
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setError(null);
          remove.mutate(undefined, closeAndNotify(() => setConfirming(false), t(`basicInfo.images.${image}.removed`)));
        }}
      />
    </Paper>
  );
}
