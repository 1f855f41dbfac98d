import { startTransition, useReducer, type ChangeEvent, type ReactNode } from 'react';
import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { counted } from '../../../components/length-counter.tsx';
import type { BookingFormState } from './booking-form-state.ts';

type Form = UseFormReturnType<BookingFormState>;

/**
 * A field of the booking form that answers its own input at once and lets the rest of the form
 * catch up in a transition. The form (Mantine useForm, controlled) keeps its values in one state of
 * the form's component, so each change rendered the whole form — trains, counts, amount, ~40
 * inputs — in the task of the keystroke or click (170–300 ms on a phone). Here the change goes to
 * the form inside startTransition (its values are current at once: validation, the draft kept in
 * sessionStorage and the next change read them) while this field alone renders again, now, from
 * the form's current values. React renders the rest in slices a keystroke can interrupt.
 */
export function useLiveForm(form: Form) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  return {
    /** The form's values as of now (its state catches up in the transition). */
    values: form.getValues(),
    /** Runs `update` (form.setFieldValue calls) as a transition and draws this field again now. */
    change(update: () => void) {
      startTransition(update);
      redraw();
    },
  };
}

/** useLiveForm for one field written inline: `<LiveField form={form}>{(values, change) => <Select …/>}</LiveField>`. */
export function LiveField({ form, children }: { form: Form; children: (values: BookingFormState, change: (update: () => void) => void) => ReactNode }) {
  const { values, change } = useLiveForm(form);
  return children(values, change);
}

/** The form's text fields. */
export type TextPath = 'applicant.name' | 'applicant.email' | 'applicant.phone_number' | 'tour_conductor.name' | 'tour_conductor.phone_number' | 'group.name' | 'group.name_kana' | 'note';

function textAt(values: BookingFormState, path: TextPath): string {
  if (path === 'note') return values.note;
  const [part, key] = path.split('.') as ['applicant' | 'tour_conductor' | 'group', string];
  return String((values[part] as Record<string, unknown>)[key] ?? '');
}

/** The props of a live text field at `path` (its error and focus handling as getInputProps gives them), capped at `max` with its counter. */
function useLiveText(form: Form, path: TextPath, max?: number, hint?: ReactNode) {
  const { values, change } = useLiveForm(form);
  const value = textAt(values, path);
  return {
    ...form.getInputProps(path),
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.currentTarget.value;
      change(() => form.setFieldValue(path, next));
    },
    ...(max === undefined ? {} : counted(value, max, hint)),
  };
}

type LiveTextProps = { form: Form; path: TextPath; max?: number; hint?: ReactNode };

export function LiveTextInput({ form, path, max, hint, ...props }: LiveTextProps & Omit<TextInputProps, 'value' | 'onChange' | 'form'>) {
  const live = useLiveText(form, path, max, hint);
  return <TextInput {...props} {...live} />;
}

export function LiveTextarea({ form, path, max, hint, ...props }: LiveTextProps & Omit<TextareaProps, 'value' | 'onChange' | 'form'>) {
  const live = useLiveText(form, path, max, hint);
  return <Textarea {...props} {...live} />;
}
