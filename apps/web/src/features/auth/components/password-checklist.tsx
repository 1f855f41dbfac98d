import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordProblems, type PasswordProblem } from '@sagano/domain/auth/password-policy';

/** The rules every new password must meet; the other two are listed only when broken. */
const ALWAYS_LISTED: readonly PasswordProblem[] = ['too_short', 'needs_upper', 'needs_lower', 'needs_digit', 'needs_symbol'];

/** Each rule of the password policy with a tick or a cross for the password typed so far (and the account's e-mail when known). */
export function PasswordChecklist({ password, email }: { password: string; email?: string }) {
  const { t } = useTranslation('auth');
  const problems = passwordProblems(password, { email });
  const rules = [...ALWAYS_LISTED, ...problems.filter((p) => !ALWAYS_LISTED.includes(p))];
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" mb={4} id="password-rules-title">
        {t('passwordRules.title')}
      </Text>
      <List spacing={2} size="sm" center aria-labelledby="password-rules-title" data-testid="password-rules">
        {rules.map((rule) => {
          const unmet = problems.includes(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={!unmet}
              icon={
                <ThemeIcon size={18} radius="xl" color={unmet ? 'gray' : 'teal'} variant={unmet ? 'light' : 'filled'}>
                  {unmet ? <IconX size={12} aria-hidden /> : <IconCheck size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={unmet ? 'dimmed' : undefined} span>
                {t(`passwordRules.${rule}`)}
              </Text>
              <VisuallyHidden> ({unmet ? t('passwordRules.unmet') : t('passwordRules.met')})</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}

