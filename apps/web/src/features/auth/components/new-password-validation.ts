import i18next from 'i18next';
import { passwordProblems } from '@sagano/domain/auth/password-policy';

/** Form errors for a new password and its confirmation, by the domain's password policy (with the account's e-mail when known). */
export function newPasswordErrors(password: string, confirmation: string, email?: string): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (!password) errors.password = i18next.t('common:validation.required');
  else if (passwordProblems(password, { email }).length > 0) errors.password = i18next.t('auth:policyNotMet');
  if (!confirmation) errors.confirmation = i18next.t('common:validation.required');
  else if (confirmation !== password) errors.confirmation = i18next.t('auth:mismatch');
  return errors;
}
