import i18next from 'i18next';
import { passwordProblems } from '@sagano/domain/auth/password-policy';
import { validationMessage as v } from '../../../lib/validation-messages.ts';

/**
 * Form errors for a new password and its confirmation, by the domain's password policy (with the
 * account's e-mail when known), naming each field by its label: the policy's rule (spec 000 §5),
 * or why an otherwise well-formed password is refused (common, holds the e-mail address).
 */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  labels: { password: string; confirmation: string },
  email?: string,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  const problems = passwordProblems(password, { email });
  if (!password) errors.password = v.required(labels.password);
  else if (problems.some((p) => p !== 'too_common' && p !== 'contains_email' && p !== 'published')) errors.password = v.password(labels.password);
  else if (problems.includes('too_common')) errors.password = i18next.t('errors:PASSWORD_TOO_COMMON');
  else if (problems.includes('contains_email')) errors.password = i18next.t('errors:PASSWORD_CONTAINS_EMAIL');
  if (!confirmation) errors.confirmation = v.required(labels.confirmation);
  else if (confirmation !== password) errors.confirmation = i18next.t('auth:mismatch');
  return errors;
}
