import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';
import { labelAt, type FieldLabels } from '../../../lib/zod-form.ts';

/**
 * Puts a failed call's message on the form field it concerns: the field the server named
 * (through `fieldOf`, body field → form field), or the e-mail field for an e-mail already in
 * use. True when it did; a 400 on a field says which rule in the field's words (`labels`). The
 * global error toast is shown as well.
 */
export function showServerFieldError(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fieldOf: Record<string, string>,
  emailField?: string,
  labels: FieldLabels = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'EMAIL_ALREADY_REGISTERED' && emailField) {
    form.setFieldError(emailField, errorMessage(error));
    return true;
  }
  const field = error.field ? fieldOf[error.field] : undefined;
  if (!field) return false;
  const label = labelAt(labels, error.field!);
  form.setFieldError(field, error.code === 'VALIDATION_FAILED' && label ? validationMessage.invalid(label) : errorMessage(error));
  return true;
}
