import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgentResponse } from '@sagano/domain/agents/agent-schemas';
import { TitledSection } from '../../../components/titled-section.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSetTwoFactorPolicy } from '../api/two-factor-policy.ts';

/**
 * The agent-wide rule, for the head office's admins: every staff member must sign in with a code.
 * An admin without two-factor sign-in may not switch it on (they would lock themselves out of the
 * portal until they set it up); switching it off is always possible.
 */
export function TwoFactorPolicy({ agent, failed, selfEnrolled }: { agent: AgentResponse | undefined; failed: boolean; selfEnrolled: boolean }) {
  const { t } = useTranslation('portal');
  const policy = useSetTwoFactorPolicy(agent?.id ?? 0);
  const required = agent?.require_totp ?? false;
  const blocked = !required && !selfEnrolled;

  return (
    <TitledSection id="totp-policy-title" title={t('twoFactor.policyTitle')}>
      <Stack gap="xs">
        <Switch
          label={t('twoFactor.policySwitch')}
          description={t('twoFactor.policyDescription')}
          checked={required}
          disabled={!agent || blocked || policy.isPending}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            policy.mutate(next, { onSuccess: () => notifySuccess(t(next ? 'twoFactor.policyOn' : 'twoFactor.policyOff')) });
          }}
        />
        {blocked && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.policyNeedsOwn')}
          </Text>
        )}
        {failed && (
          <Alert color="gray" variant="light">
            {t('twoFactor.policyUnavailable')}
          </Alert>
        )}
      </Stack>
    </TitledSection>
  );
}
