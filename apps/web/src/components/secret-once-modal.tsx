import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The words a secret-once dialog says (each screen's own, from its translation file). */
export interface SecretOnceText {
  title: string;
  onceTitle: string;
  onceWarning: string;
  /** Whose secret it is, above the value. */
  intro: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * A secret shown this once (a new API key, a webhook's signing secret): a warning that it cannot
 * be shown again, the value with a copy button, and what to do with it (`children`). Clicking
 * outside does not close it, so the value is not lost by a stray click.
 */
export function SecretOnceModal({ secret, text, testId, onClose, children }: { secret: string | null; text: SecretOnceText; testId: string; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={secret !== null} onClose={onClose} title={text.title} size="lg" closeOnClickOutside={false}>
      {secret !== null && (
        <Stack gap="sm">
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={text.onceTitle}>
            {text.onceWarning}
          </Alert>
          <Text size="sm">{text.intro}</Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? text.copied : text.copy} withArrow>
                  <ActionIcon variant="light" color={copied ? 'teal' : 'blue'} size="lg" onClick={copy} aria-label={text.copy}>
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          {children}
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose}>{text.done}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
