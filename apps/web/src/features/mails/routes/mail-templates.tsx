import { useState } from 'react';
import { Accordion, Badge, Code, Group, LoadingOverlay, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailKindListResponse } from '@sagano/domain/mail/mail-kind-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMailKinds, useMailPreview } from '../api/get-mail-kinds.ts';
import { useMailKindLabel } from '../components/mail-kind-label.ts';
import { MailsNav } from '../components/mails-nav.tsx';

type KindRow = MailKindListResponse['mail_kinds'][number];

function Preview({ row, opened }: { row: KindRow; opened: boolean }) {
  const { t } = useTranslation('mails');
  const [lang, setLang] = useState<'ja' | 'en'>('ja');
  const preview = useMailPreview(row.kind, lang, opened && row.has_preview);
  if (!row.has_preview) return <Text size="sm" c="dimmed">{t('templates.noPreview')}</Text>;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="xs" fw={700} c="dimmed">
          {t('templates.preview')}
        </Text>
        <SegmentedControl size="xs" value={lang} onChange={(v) => setLang(v === 'en' ? 'en' : 'ja')} data={[{ value: 'ja', label: t('templates.lang.ja') }, { value: 'en', label: t('templates.lang.en') }]} aria-label={t('templates.langLabel')} />
      </Group>
      {preview.data && (
        <>
          {preview.data.lang !== lang && <Text size="xs" c="dimmed">{t('templates.jaOnly')}</Text>}
          <Text size="sm" fw={700} data-testid="mail-preview-subject">
            {preview.data.subject}
          </Text>
          <Code block fz="sm" data-testid="mail-preview-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {preview.data.body}
          </Code>
        </>
      )}
    </Stack>
  );
}

/** /mails/templates: every kind of mail the product sends, who receives it, when, and a sample of its text (spec 000 §4). */
export function Component() {
  const { t } = useTranslation('mails');
  const kinds = useMailKinds();
  const label = useMailKindLabel();
  const [opened, setOpened] = useState<string | null>(null);
  const describe = (kind: string) => t(`templates.when.${kind}` as 'templates.when.booking.ok', { defaultValue: t('templates.whenUnknown') });
  return (
    <>
      <PageHeader title={t('templates.title')} description={t('templates.description')} />
      <MailsNav current="templates" />
      <Paper withBorder p="md" pos="relative" mih={120}>
        <LoadingOverlay visible={!kinds.data} />
        <Accordion value={opened} onChange={setOpened} variant="separated" data-testid="mail-kinds">
          {(kinds.data?.mail_kinds ?? []).map((row) => (
            <Accordion.Item key={row.kind} value={row.kind}>
              <Accordion.Control>
                {/* On a phone the recipient goes under the name rather than squeeze it. */}
                <Group gap="sm" style={{ rowGap: 4 }}>
                  <Text size="sm" fw={700}>
                    {label(row.kind)}
                  </Text>
                  <Badge variant="light" color="gray" tt="none">
                    {t(`templates.recipients.${row.recipient}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {describe(row.kind)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Preview row={row} opened={opened === row.kind} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </>
  );
}
