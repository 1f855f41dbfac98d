import { Button, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { saveBase64Csv } from '../../../lib/save-file.ts';
import { useAgentsCsv } from '../api/get-agents-csv.ts';

/**
 * The report screen's agents export (spec 000 §2 "Reports: … agent"): every registered agent, one
 * line each, whatever the period; UTF-8 with BOM (the call takes no period or character set).
 */
export function AgentsExport() {
  const { t } = useTranslation('reports');
  const csv = useAgentsCsv();
  const name = t('agents.name');
  return (
    <Paper withBorder mt="md" component="section" aria-labelledby="report-agents-title">
      <Title id="report-agents-title" order={2} size="h5" px="md" pt="md">
        {t('agents.label')}
      </Title>
      <Table verticalSpacing="sm" aria-labelledby="report-agents-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.kind')}</Table.Th>
            <Table.Th>{t('columns.content')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr data-testid="report-agents">
            <Table.Td fw={500} className="sagano-one-line-from-sm">
              {name}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{t('agents.description')}</Text>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              <Button
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={csv.isPending}
                aria-label={t('downloadOf', { name })}
                onClick={() =>
                  csv.mutate(undefined, {
                    onSuccess: (answer) => {
                      saveBase64Csv(answer.csv_base64, answer.filename, 'utf-8');
                      notifySuccess(t('done', { name }));
                    },
                    onError: (error) => notifyApiError(error),
                  })
                }
              >
                {t('download')}
              </Button>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
