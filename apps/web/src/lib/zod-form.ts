import type { FormErrors, LooseKeys, UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { hasFullWidthDigits, validationMessage as v } from './validation-messages.ts';

type Issue = z.core.$ZodIssue;

/**
 * The labels a form shows its fields with, by path (`name`, `applicant.email`; a list's rows by
 * `*`: `rows.*.min`), each read when a message is made so that it follows the language.
 */
export type FieldLabels = Record<string, () => string>;

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

/** The label of a path: exact, else with the list positions as `*`. */
export function labelAt(labels: FieldLabels, path: string): string {
  const label = labels[path] ?? labels[path.replace(/\.\d+(?=\.|$)/g, '.*')];
  return label ? label() : '';
}

/**
 * The message for one zod issue on `input`, naming the field (`label`) and the rule broken, in
 * the specification's words (validation-messages.ts); the domain schemas' English texts are not shown.
 */
export function issueMessage(issue: Issue, input: unknown, label: string): string {
  if (issue.code === 'invalid_value') return v.select(label);
  if (isEmpty(input)) return v.required(label);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? v.required(label) : v.minLength(label, Number(issue.minimum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        const min = Number(issue.minimum);
        if (min === 0) return issue.inclusive ? v.nonNegativeInteger(label) : v.positiveInteger(label);
        if (min === 1 && issue.inclusive) return v.positiveInteger(label);
        return v.atLeast(label, min);
      }
      return v.required(label);
    case 'too_big':
      if (issue.origin === 'string') return v.maxLength(label, Number(issue.maximum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return v.atMost(label, Number(issue.maximum));
      return v.invalid(label);
    case 'invalid_type':
      // A number field holding text: full-width digits, or anything but digits.
      if (issue.expected === 'int') return v.integer(label);
      if (issue.expected === 'number' && typeof input === 'string') return hasFullWidthDigits(input) || !/^-?\d+(\.\d+)?$/.test(input.trim()) ? v.halfWidthDigits(label) : v.invalid(label);
      return v.invalid(label);
    case 'invalid_format':
      if (issue.format === 'date') return v.date(label);
      return v.invalid(label);
    default:
      return v.invalid(label);
  }
}

/**
 * A mantine-form `validate` function from a domain zod schema: one message per field, naming it
 * by `labels` (every field the schema checks has one). `messages` replaces the rule's message for
 * a field the schema's own rule cannot word (a refinement across fields), except "please enter".
 */
export function zodValidate(schema: z.ZodType, labels: FieldLabels, messages: Record<string, () => string> = {}) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (errors[path]) continue;
      const input = valueAt(values, issue.path);
      const custom = messages[path];
      errors[path] = custom && !isEmpty(input) ? custom() : issueMessage(issue, input, labelAt(labels, path));
    }
    return errors;
  };
}

/**
 * Puts a 400's message on the field the server named, when the form has it: the code's own
 * message when it has one (a password rule), else the field's rule in words ('enter a valid {name}').
 */
export function setServerFieldError<V>(
  form: UseFormReturnType<V>,
  error: unknown,
  fields: readonly LooseKeys<V>[],
  labels: FieldLabels = {},
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const field = fields.find((f) => f === error.field);
  if (field === undefined) return false;
  const label = labelAt(labels, String(field));
  form.setFieldError(field, error.code === 'VALIDATION_FAILED' && label ? v.invalid(label) : errorMessage(error));
  return true;
}
