import { Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateTwoFactorPolicy } from '../api/agents.ts';
import { Section } from './section.tsx';

/** The agent-wide two-factor rule: on, every staff member signs in with a one-time code. */
export function TwoFactorPolicy({ agentId, required }: { agentId: number; required: boolean }) {
  const { t } = useTranslation('agents');
  const update = useUpdateTwoFactorPolicy();
  const checked = update.isPending ? update.variables.require_totp : required;
  return (
    <Section title={t('twoFactor.title')}>
      <Switch
        label={t('twoFactor.label')}
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          update.mutate({ id: agentId, require_totp: next }, { onSuccess: () => notifySuccess(next ? t('twoFactor.enabled') : t('twoFactor.disabled')) });
        }}
      />
      <Text size="xs" c="dimmed" mt={6}>
        {t('twoFactor.description')}
      </Text>
    </Section>
  );
}
