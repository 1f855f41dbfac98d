import { useRef, useState, type DragEvent } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BULK_MAX_BYTES } from '@sagano/domain/bulk-operations/bulk-operation-schemas';

/**
 * A CSV drop area with a file button (drag events on a plain element: @mantine/dropzone 9 asks
 * for Node 22 to build, the project builds on Node 20). Too large or not .csv: an error, no file.
 */
export function CsvDropZone({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const { t } = useTranslation('bulkOperations');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name) && chosen.type !== 'text/csv') {
      setError(t('drop.notCsv'));
      onFile(null);
    } else if (chosen.size > BULK_MAX_BYTES) {
      setError(t('drop.tooLarge', { max: BULK_MAX_BYTES / 1024 }));
      onFile(null);
    } else {
      setError(null);
      onFile(chosen);
    }
  };
  const drag = (event: DragEvent, isOver: boolean) => {
    event.preventDefault();
    setOver(isOver);
  };

  return (
    <Paper
      withBorder
      p="lg"
      data-testid="bulk-drop-zone"
      onDragOver={(e) => drag(e, true)}
      onDragEnter={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={(e) => {
        drag(e, false);
        take(e.dataTransfer.files[0]);
      }}
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'var(--mantine-color-blue-5)' : undefined, background: over ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      <Stack align="center" gap={6}>
        <IconFileUpload size={32} aria-hidden stroke={1.5} />
        <Text fw={500}>{t('drop.label')}</Text>
        <Text size="sm" c="dimmed">
          {t('drop.or')}
        </Text>
        <Button variant="default" size="xs" onClick={() => input.current?.click()}>
          {t('drop.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="bulk-file-input"
          onChange={(e) => {
            take(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        {file && (
          <Text size="sm" data-testid="bulk-selected-file">
            {t('drop.selected', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
