import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BULK_MAX_BYTES } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { FileDropZone, type DropRefusal } from '../../../components/file-drop-zone.tsx';

// A name ending in .csv is taken whatever type the system gives it (Excel's machines say application/vnd.ms-excel).
const CSV = { 'text/csv': ['.csv'] };

const REFUSAL_KEY = { wrongType: 'drop.notCsv', tooLarge: 'drop.tooLarge', tooMany: 'drop.oneFile' } as const satisfies Record<DropRefusal, string>;

/** The CSV file to run: dropped on the area or chosen with it. Too large, not .csv, or more than one: an error, no file. */
export function CsvDropZone({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const { t } = useTranslation('bulkOperations');
  const [error, setError] = useState<string | null>(null);
  const max = BULK_MAX_BYTES / 1024;

  return (
    <Stack gap={6}>
      <FileDropZone
        label={t('drop.label')}
        hint={t('drop.hint', { max })}
        accept={CSV}
        maxSize={BULK_MAX_BYTES}
        testId="bulk-drop-zone"
        inputTestId="bulk-file-input"
        onDrop={([chosen], [refused]) => {
          setError(refused ? t(REFUSAL_KEY[refused.reason], { max }) : null);
          onFile(refused ? null : (chosen ?? null));
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
  );
}
