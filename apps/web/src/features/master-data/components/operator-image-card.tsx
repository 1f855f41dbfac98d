import { useRef, useState } from 'react';
import { Button, Center, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIGNATURE_BYTES, imageTypeOf, MAX_IMAGE_BYTES } from '@sagano/domain/files/image-type';
import type { OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { closeAndNotify, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveOperatorImage, useUploadOperatorImage } from '../api/operator-basic-info.ts';

/** Why a chosen file cannot be the image, checked as the server checks it (size, then its first bytes); null when it can. */
async function problemOf(file: File): Promise<'tooLarge' | 'notImage' | null> {
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  return imageTypeOf(head) ? null : 'notImage';
}

/** The operator's logo or company stamp on 基本情報: the current image, a file to upload in its place, and removal. */
export function OperatorImageCard({ image, url }: { image: OperatorImage; url: string | null }) {
  const { t } = useTranslation(['masterData', 'common']);
  const upload = useUploadOperatorImage(image);
  const remove = useRemoveOperatorImage(image);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const resetFile = useRef<() => void>(null);

  async function choose(file: File | null) {
    // The same file may be chosen again after a refusal.
    resetFile.current?.();
    if (!file) return;
    setError(null);
    const problem = await problemOf(file);
    if (problem) {
      setError(t(`basicInfo.images.${problem}`));
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
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg" resetRef={resetFile}>
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                {url ? t('basicInfo.images.replace') : t('basicInfo.images.upload')}
              </Button>
            )}
          </FileButton>
          {url && (
            <Button size="xs" variant="default" onClick={() => setConfirming(true)}>
              {t('basicInfo.images.remove')}
            </Button>
          )}
        </Group>
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
