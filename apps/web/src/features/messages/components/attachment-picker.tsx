import { useRef, useState, type DragEvent } from 'react';
import { ActionIcon, FileButton, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, attachmentTypeOf, MAX_ATTACHMENT_BYTES, type AttachmentProblem } from '@sagano/domain/messages/attachment-type';
import { MAX_MESSAGE_ATTACHMENTS } from '@sagano/domain/messages/message-limits';

/** Why a chosen file cannot be attached, judged as the server judges it (size, then its bytes against its name); null when it can. */
export async function attachmentProblemOf(file: File): Promise<AttachmentProblem | null> {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  const decided = attachmentTypeOf(new Uint8Array(await file.arrayBuffer()), file.name);
  return 'problem' in decided ? decided.problem : null;
}

/**
 * Files to attach when the article is saved: chosen with the button or dropped on the area (a
 * keyboard user tabs to the area's button). Each is checked before it is listed.
 */
export function AttachmentPicker({ files, onChange, room }: { files: File[]; onChange: (files: File[]) => void; room: number }) {
  const { t } = useTranslation('messages');
  const [problems, setProblems] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const resetRef = useRef<() => void>(null);

  async function add(chosen: File[]) {
    resetRef.current?.();
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of chosen) {
      const problem = await attachmentProblemOf(file);
      if (problem) refused.push(t(`attachments.problems.${problem}`, { name: file.name }));
      else accepted.push(file);
    }
    const next = [...files, ...accepted];
    if (next.length > room) refused.push(t('attachments.tooMany', { max: MAX_MESSAGE_ATTACHMENTS }));
    setProblems(refused);
    onChange(next.slice(0, Math.max(room, 0)));
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    void add([...event.dataTransfer.files]);
  }

  return (
    <Stack gap={6}>
      <FileButton onChange={(chosen) => void add(chosen)} accept={ATTACHMENT_ACCEPT} multiple resetRef={resetRef}>
        {(props) => (
          <UnstyledButton
            {...props}
            data-testid="attachment-drop"
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={drop}
            disabled={room <= 0}
          >
            <Paper
              withBorder
              p="sm"
              style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-0)' : undefined, opacity: room <= 0 ? 0.5 : 1 }}
            >
              <Group gap="xs" wrap="nowrap">
                <IconUpload size={18} aria-hidden />
                <Stack gap={0}>
                  <Text size="sm">{t('attachments.drop')}</Text>
                  <Text size="xs" c="dimmed">
                    {t('attachments.rules', { max: MAX_MESSAGE_ATTACHMENTS })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        )}
      </FileButton>
      {problems.map((problem) => (
        <Text key={problem} size="sm" c="red" role="alert">
          {problem}
        </Text>
      ))}
      {files.length > 0 && (
        <Stack gap={2} aria-label={t('attachments.pending')}>
          <Text size="xs" c="dimmed">
            {t('attachments.pending')}
          </Text>
          {files.map((file, i) => (
            <Group key={`${file.name}-${i}`} gap={6} wrap="nowrap">
              <IconPaperclip size={14} aria-hidden />
              <Text size="sm" truncate>
                {file.name}
              </Text>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t('attachments.removePending', { name: file.name })} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
