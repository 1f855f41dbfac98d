import { useState } from 'react';
import { Button, Group, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addDays, daysBetween, lastDayOfMonth, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { CSV_ENCODINGS, CSV_REPORT_KINDS, MAX_CSV_DOWNLOAD_SPAN_DAYS, MAX_CSV_SPAN_DAYS, type CsvEncoding, type CsvReportKind } from '@sagano/domain/reports/report-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError, notifySuccess } from '../../../lib/notify.ts';
import { reportDownloadUrl, useReportCsv, type ReportCsvInput } from '../api/get-report-csv.ts';
import { saveBase64Csv, saveLink } from '../../../lib/save-file.ts';
import { DateField } from '../../../components/date-field.tsx';
import { AgentsExport } from '../components/agents-export.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';

interface PeriodValues {
  from_date: string | null;
  to_date: string | null;
  encoding: CsvEncoding;
}

/** This month, as the office usually exports it. */
function thisMonth(): PeriodValues {
  const month = monthOf(tokyoToday());
  return { from_date: `${month}-01`, to_date: lastDayOfMonth(month), encoding: 'utf-8' };
}

/** /report (帳票出力): the CSV exports for a period, in UTF-8 (BOM) or Shift_JIS. */
export function Component() {
  const { t, i18n } = useTranslation(['reports', 'common']);
  const csv = useReportCsv();
  const [busy, setBusy] = useState<CsvReportKind | null>(null);
  const form = useForm<PeriodValues>({
    initialValues: thisMonth(),
    validate: {
      from_date: (value) => (value ? null : validationMessage.required(t('reports:period.from'))),
      to_date: (value, values) => {
        if (!value) return validationMessage.required(t('reports:period.to'));
        if (values.from_date && value < values.from_date) return validationMessage.dateOrder(t('reports:period.from'), t('reports:period.to'));
        if (values.from_date && daysBetween(values.from_date, value) + 1 > MAX_CSV_DOWNLOAD_SPAN_DAYS) return t('reports:period.tooLong', { years: Math.floor(MAX_CSV_DOWNLOAD_SPAN_DAYS / 366) });
        return null;
      },
    },
  });
  const { from_date, to_date } = form.values;
  const long = from_date !== null && to_date !== null && to_date >= from_date && daysBetween(from_date, to_date) + 1 > MAX_CSV_SPAN_DAYS;

  const download = (kind: CsvReportKind) => {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    const input: ReportCsvInput = { kind, from_date: values.from_date!, to_date: values.to_date!, encoding: values.encoding, lang: i18n.language === 'en' ? 'en' : 'ja' };
    const name = t(`reports:kinds.${kind}.name`);
    if (long) {
      // A long period: the server streams the file and the browser writes it to disk as it comes.
      saveLink(reportDownloadUrl(input), '');
      notifySuccess(t('reports:started', { name }));
      return;
    }
    setBusy(kind);
    csv.mutate(input, {
      onSuccess: (answer) => {
        saveBase64Csv(answer.csv_base64, answer.filename, input.encoding === 'shift_jis' ? 'shift_jis' : 'utf-8');
        notifySuccess(t('reports:done', { name }));
      },
      onError: (error) => {
        // A file too big for the base64 answer (the server names to_date): the server streams it instead.
        if (error instanceof ApiError && error.status === 400 && error.field === 'to_date') {
          saveLink(reportDownloadUrl(input), '');
          notifySuccess(t('reports:started', { name }));
        } else notifyApiError(error);
      },
      onSettled: () => setBusy(null),
    });
  };

  const dateProps = { w: { base: '100%', xs: 170 } } as const;

  return (
    <>
      <PageHeader title={t('reports:title')} description={t('reports:description')} />
      <Paper withBorder p="md" mb="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField label={t('reports:period.from')} {...dateProps} {...form.getInputProps('from_date')} />
            <DateField label={t('reports:period.to')} {...dateProps} {...form.getInputProps('to_date')} />
            <Group gap="xs" mt={25}>
              <Button variant="default" size="sm" onClick={() => form.setValues(thisMonth())}>
                {t('reports:period.thisMonth')}
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  const month = monthOf(addDays(`${monthOf(tokyoToday())}-01`, -1));
                  form.setValues({ from_date: `${month}-01`, to_date: lastDayOfMonth(month) });
                }}
              >
                {t('reports:period.lastMonth')}
              </Button>
            </Group>
          </Group>
          <Radio.Group label={t('reports:encoding.label')} description={t('reports:encoding.description')} {...form.getInputProps('encoding')}>
            <Group gap="lg" mt={6}>
              {CSV_ENCODINGS.map((e) => (
                <Radio key={e} value={e} label={t(`reports:encoding.${e}`)} />
              ))}
            </Group>
          </Radio.Group>
          {long && (
            <Text size="sm" c="dimmed" data-testid="long-period">
              {t('reports:period.streamed', { days: MAX_CSV_SPAN_DAYS })}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder>
        <Table verticalSpacing="sm" aria-label={t('reports:kindsLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports:columns.kind')}</Table.Th>
              <Table.Th>{t('reports:columns.content')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CSV_REPORT_KINDS.map((kind) => (
              <Table.Tr key={kind} data-testid={`report-${kind}`}>
                <Table.Td fw={500} className="sagano-one-line-from-sm">
                  {t(`reports:kinds.${kind}.name`)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`reports:kinds.${kind}.description`)}</Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    size="xs"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    loading={busy === kind}
                    disabled={busy !== null && busy !== kind}
                    aria-label={t('reports:downloadOf', { name: t(`reports:kinds.${kind}.name`) })}
                    onClick={() => download(kind)}
                  >
                    {t('reports:download')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <AgentsExport />
    </>
  );
}
