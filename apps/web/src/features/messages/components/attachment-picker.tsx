import { useState } from 'react';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { attachmentTypeOf, MAX_ATTACHMENT_BYTES, type AttachmentProblem } from '@sagano/domain/messages/attachment-type';
import { MAX_MESSAGE_ATTACHMENTS } from '@sagano/domain/messages/message-limits';
import { FileDropZone, type DropRefusal } from '../../../components/file-drop-zone.tsx';

/**
 * The types the drop zone takes, by MIME type or by name (ATTACHMENT_ACCEPT's extensions; a test
 * keeps them the same). A .csv from Excel's machines comes as application/vnd.ms-excel: its name lets it in.
 */
export const ATTACHMENT_DROP_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/csv': ['.csv'],
  'text/plain': ['.txt'],
};

/** The drop zone's refusals, in the words of the content check's. */
const REFUSAL_KEY = { tooLarge: 'attachments.problems.tooLarge', wrongType: 'attachments.problems.unsupported', tooMany: 'attachments.tooMany' } as const satisfies Record<DropRefusal, string>;

/** Why a chosen file cannot be attached, judged as the server judges it (size, then its bytes against its name); null when it can. */
export async function attachmentProblemOf(file: File): Promise<AttachmentProblem | null> {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'tooLarge';
  const decided = attachmentTypeOf(new Uint8Array(await file.arrayBuffer()), file.name);
  return 'problem' in decided ? decided.problem : null;
}

/**
 * Files to attach when the article is saved: dropped on the area or chosen with it (it is a
 * button: Enter or Space opens the file picker). Each is checked before it is listed.
 */
export function AttachmentPicker({ files, onChange, room }: { files: File[]; onChange: (files: File[]) => void; room: number }) {
  const { t } = useTranslation('messages');
  const [problems, setProblems] = useState<string[]>([]);

  async function add(chosen: File[], refusedByZone: string[] = []) {
    const accepted: File[] = [];
    const refused = [...refusedByZone];
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

  return (
    <Stack gap={6}>
      <FileDropZone
        label={t('attachments.drop')}
        hint={t('attachments.rules', { max: MAX_MESSAGE_ATTACHMENTS })}
        accept={ATTACHMENT_DROP_ACCEPT}
        maxSize={MAX_ATTACHMENT_BYTES}
        multiple
        disabled={room <= 0}
        testId="attachment-drop"
        onDrop={(chosen, refused) => void add(chosen, refused.map(({ file, reason }) => t(REFUSAL_KEY[reason], { name: file.name, max: MAX_MESSAGE_ATTACHMENTS })))}
      />
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
