import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';

/**
 * Puts a failed call's message on the form field it concerns: the field the server named
 * (through `fieldOf`, body field → form field), or the e-mail field for an e-mail already in
 * use. True when it did. The global error toast is shown as well.
 */
export function showServerFieldError(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fieldOf: Record<string, string>,
  emailField?: string,
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'EMAIL_ALREADY_REGISTERED' && emailField) {
    form.setFieldError(emailField, errorMessage(error));
    return true;
  }
  const field = error.field ? fieldOf[error.field] : undefined;
  if (!field) return false;
  form.setFieldError(field, errorMessage(error));
  return true;
}
