import { ActionIcon, Box, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../components/titled-section.tsx';
import { notifyApiError } from '../../../lib/notify.ts';
import { useConfirmTotp, type TotpSetup } from '../api/totp.ts';
import { groupSecret } from './totp-code.ts';
import { TotpCodeInput } from './totp-code-input.tsx';
import classes from './totp-setup-panel.module.css';
import { useTotpCodeEntry } from './use-totp-code-entry.ts';

/** Scan (or type) the new secret, then prove it with a code: only then is it enrolled. */
export function TotpSetupPanel({ setup, replacing, onDone, onCancel }: { setup: TotpSetup; replacing: boolean; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('portal');
  const confirm = useConfirmTotp();
  const { submit, field } = useTotpCodeEntry(confirm, { onDone, onOtherError: notifyApiError });

  return (
    <TitledSection id="totp-setup-title" title={t('twoFactor.setupTitle')}>
      <Stack gap="md">
        <Text size="sm">{t('twoFactor.step1')}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {/* The server draws the QR code of the otpauth URI as an SVG string. */}
          <Box className={classes.qr} role="img" aria-label={t('twoFactor.qrLabel')} data-testid="totp-qr" dangerouslySetInnerHTML={{ __html: setup.qr_svg }} />
          <Stack gap={6} maw={360}>
            <Text size="sm" c="dimmed">
              {t('twoFactor.manual')}
            </Text>
            <Text size="xs" fw={600}>
              {t('twoFactor.secretLabel')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Text className={classes.secret} data-testid="totp-secret">
                {groupSecret(setup.secret)}
              </Text>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('twoFactor.copied') : t('twoFactor.copy')} withArrow>
                    <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('twoFactor.copy')}>
                      {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Group>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('twoFactor.step2')}</Text>
            <TotpCodeInput {...field} />
            {replacing && (
              <Text size="xs" c="dimmed">
                {t('twoFactor.changeNote')}
              </Text>
            )}
            <Group gap="xs">
              <Button type="submit" loading={confirm.isPending}>
                {t('twoFactor.confirm')}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={confirm.isPending}>
                {t('twoFactor.cancelSetup')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </TitledSection>
  );
}
