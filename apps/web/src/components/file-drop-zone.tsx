import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';

/** Why the drop zone itself refused a file, before any check of its content. */
export type DropRefusal = 'tooLarge' | 'wrongType' | 'tooMany';

const ignore = () => undefined;

function refusalOf(rejection: FileRejection): DropRefusal {
  const codes = rejection.errors.map((e) => e.code);
  if (codes.includes('too-many-files')) return 'tooMany';
  if (codes.includes('file-invalid-type')) return 'wrongType';
  return 'tooLarge';
}

export interface FileDropZoneProps {
  /** What the area does: choose a file, or drop one on it. With the hint, the button's name (its visible text, as axe wants). */
  label: string;
  /** The rules under it (types, size). */
  hint: string;
  /** MIME type → file name extensions: a file is taken when either matches. */
  accept: Record<string, string[]>;
  maxSize: number;
  multiple?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** One drop or choice: the files taken (the caller still checks their content) and those refused by type, size or count, with the reason. */
  onDrop: (files: File[], refused: { file: File; reason: DropRefusal }[]) => void;
  testId?: string;
  inputTestId?: string;
}

/**
 * A file drop area (@mantine/dropzone) that is one button: a click, Enter or Space opens the file
 * picker, and a file can be dropped on it. react-dropzone gives the area role="presentation" and
 * its file input an English name; the area is made a named button instead, and the input is taken
 * out of the page (display: none), since a focusable control inside a button is not allowed (axe
 * nested-interactive) and the button opens it.
 */
export function FileDropZone({ label, hint, accept, maxSize, multiple = false, disabled, loading, onDrop, testId, inputTestId }: FileDropZoneProps) {
  const inputProps = { style: { display: 'none' }, 'aria-label': undefined, 'data-testid': inputTestId };
  return (
    <Dropzone
      role="button"
      accept={accept}
      maxSize={maxSize}
      multiple={multiple}
      disabled={disabled}
      loading={loading}
      // Taken and refused files in one call (react-dropzone's onDrop); Mantine's onDrop, the taken ones alone, is required.
      onDropAny={(files, rejections) => onDrop(files, rejections.map((r) => ({ file: r.file, reason: refusalOf(r) })))}
      onDrop={ignore}
      inputProps={inputProps}
      data-testid={testId}
      p="sm"
      style={disabled ? { opacity: 0.5, cursor: 'not-allowed' } : undefined}
    >
      <Group gap="sm" wrap="nowrap">
        <Dropzone.Idle>
          <IconUpload size={24} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Dropzone.Accept>
          <IconUpload size={24} stroke={1.5} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={24} stroke={1.5} aria-hidden />
        </Dropzone.Reject>
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
