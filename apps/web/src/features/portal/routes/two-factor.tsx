import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { agentScopeOf, useOwnAgent } from '../../../lib/own-agent.ts';
import { useStartTotpSetup } from '../api/totp.ts';
import { DisableTotpModal } from '../components/disable-totp-modal.tsx';
import { TotpSetupPanel } from '../components/totp-setup-panel.tsx';
import { TwoFactorPolicy } from '../components/two-factor-policy.tsx';

/**
 * /two-factor: the caller's own two-factor sign-in (set up, change the app, turn off) and, for the
 * head office's admins, the agent-wide rule. An agent user whose agent requires it and who has not
 * set it up is held here (route guard) until a code is confirmed.
 */
export function Component() {
  const { t } = useTranslation('portal');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const scope = agentScopeOf(user);
  // Only the head office reads the agent record; a held account reads nothing else until set up.
  const agent = useOwnAgent(user.totp_setup_required ? null : scope);
  const start = useStartTotpSetup();
  const [disabling, setDisabling] = useState(false);
  const setup = start.data;
  const held = user.totp_setup_required;
  const requiredByAgent = agent.data?.require_totp ?? false;

  const confirmed = () => {
    start.reset();
    notifySuccess(t('twoFactor.confirmed'));
    // The session was read again: a held account now reaches the portal.
    if (held) void navigate('/dashboard', { replace: true });
  };

  return (
    <>
      <PageHeader title={t('twoFactor.title')} description={t('twoFactor.description')} />
      <Stack gap="md" maw={760}>
        {held && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('twoFactor.requiredTitle')} role="alert">
            {t('twoFactor.requiredMessage')}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="totp-status-title">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={6}>
              <Group gap="xs">
                <Title order={2} size="h5" id="totp-status-title">
                  {t('twoFactor.statusTitle')}
                </Title>
                <Badge
                  color={user.totp_enrolled ? 'teal' : 'gray'}
                  variant="light"
                  leftSection={user.totp_enrolled ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldOff size={14} aria-hidden />}
                  data-testid="totp-status"
                >
                  {user.totp_enrolled ? t('twoFactor.enrolled') : t('twoFactor.notEnrolled')}
                </Badge>
              </Group>
              <Text size="sm">{user.totp_enrolled ? t('twoFactor.enrolledText') : t('twoFactor.notEnrolledText')}</Text>
              {user.totp_enrolled && requiredByAgent && (
                <Text size="sm" c="dimmed">
                  {t('twoFactor.requiredByAgent')}
                </Text>
              )}
            </Stack>
            {!setup && (
              <Group gap="xs">
                <Button leftSection={<IconShieldLock size={16} aria-hidden />} loading={start.isPending} onClick={() => start.mutate()} variant={user.totp_enrolled ? 'default' : 'filled'}>
                  {user.totp_enrolled ? t('twoFactor.change') : t('twoFactor.setUp')}
                </Button>
                {user.totp_enrolled && (
                  <Button color="red" variant="outline" disabled={requiredByAgent} onClick={() => setDisabling(true)}>
                    {t('twoFactor.disable')}
                  </Button>
                )}
              </Group>
            )}
          </Group>
        </Paper>
        {setup && <TotpSetupPanel key={setup.secret} setup={setup} replacing={user.totp_enrolled} onDone={confirmed} onCancel={() => start.reset()} />}
        {scope?.kind === 'headOffice' && scope.admin && !held && (
          <TwoFactorPolicy agent={agent.data} failed={agent.isError} selfEnrolled={user.totp_enrolled} />
        )}
      </Stack>
      {disabling && (
        <DisableTotpModal
          opened
          onClose={() => setDisabling(false)}
          onDone={() => {
            setDisabling(false);
            notifySuccess(t('twoFactor.disabled'));
          }}
        />
      )}
    </>
  );
}
