import type { FormErrors, LooseKeys, UseFormReturnType } from '@mantine/form';
import i18next from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

type Issue = z.core.$ZodIssue;

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** The value at an issue's path (zod does not report inputs unless asked to). */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The translated message for one zod issue on `input`; the domain schemas' English texts are not shown. */
export function issueMessage(issue: Issue, input: unknown): string {
  const t = i18next.t;
  if (isEmpty(input) && issue.code !== 'invalid_value') return t('common:validation.required');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') return t('common:validation.invalid');
      return Number(issue.minimum) <= 1
        ? t('common:validation.required')
        : t('common:validation.minLength', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('common:validation.maxLength', { max: Number(issue.maximum) })
        : t('common:validation.invalid');
    case 'invalid_format':
      if (issue.format === 'email') return t('common:validation.email');
      if (issue.format === 'date') return t('common:validation.date');
      return t('common:validation.invalid');
    case 'invalid_value':
      return t('common:validation.select');
    default:
      return t('common:validation.invalid');
  }
}

/**
 * A mantine-form `validate` function from a domain zod schema: one translated message per field.
 * `messages` replaces the generic message for a field (except "required").
 */
export function zodValidate(schema: z.ZodType, messages: Record<string, () => string> = {}) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      const input = valueAt(values, issue.path);
      const custom = messages[path];
      errors[path] = custom && !isEmpty(input) ? custom() : issueMessage(issue, input);
    }
    return errors;
  };
}

/** Puts a 400's message on the field the server named, when the form has it. */
export function setServerFieldError<V>(
  form: UseFormReturnType<V>,
  error: unknown,
  fields: readonly LooseKeys<V>[],
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const field = fields.find((f) => f === error.field);
  if (field === undefined) return false;
  form.setFieldError(field, errorMessage(error));
  return true;
}
