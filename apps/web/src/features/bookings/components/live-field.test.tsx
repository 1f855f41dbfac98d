import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { waitFor } from '../../../test/screen.ts';
import { emptyForm, loadForm, saveForm, type BookingFormState } from './booking-form-state.ts';
import { LiveField, LiveTextInput } from './live-field.tsx';

/** How often the whole form (the component holding useForm) has rendered (counted after each of its commits). */
let formRenders = 0;

function Harness() {
  useEffect(() => {
    formRenders += 1;
  });
  const form = useForm<BookingFormState>({ initialValues: emptyForm('create', 'web-test'), onValuesChange: (values) => saveForm(sessionStorage, values) });
  return (
    <>
      <LiveTextInput form={form} path="group.name" max={20} label="団体名" />
      <LiveField form={form}>
        {(values, change) => (
          <Select label="国" data={['JPN', 'USA']} value={values.group.country_code} onChange={(v) => change(() => form.setFieldValue('group.country_code', v ?? 'JPN'))} />
        )}
      </LiveField>
      <output data-testid="form-state">{`${form.values.group.name}|${form.values.group.country_code}`}</output>
      <button type="button" onClick={() => form.setValues({ group: { ...form.getValues().group, name: '復元' } })}>
        restore
      </button>
    </>
  );
}

const input = () => document.querySelector<HTMLInputElement>('input:not([type="hidden"])')!;
const formState = () => document.querySelector('[data-testid="form-state"]')?.textContent;

describe('a live field of the booking form', () => {
  useScreenTests();

  it('shows a keystroke at once, without the whole form, which follows in a transition', async () => {
    sessionStorage.clear();
    renderScreen(<Harness />);
    await waitFor(() => formState() === '|JPN' && formRenders > 0);
    const before = formRenders;
    typeInto(input(), '嵯峨野');
    // The field has drawn itself in the event's own task; the form has not rendered yet.
    expect(input().value).toBe('嵯峨野');
    expect(formRenders).toBe(before);
    expect(formState()).toBe('|JPN');
    // The value is the form's at once: the draft kept for a reload has it.
    const stored = loadForm(sessionStorage);
    expect(stored.kind === 'ok' && stored.state.group.name).toBe('嵯峨野');
    await waitFor(() => formState() === '嵯峨野|JPN');
    expect(input().value).toBe('嵯峨野');
    // Its length counter follows the field, not the form.
    expect(document.querySelector('[data-testid="length-counter"]')?.textContent).toContain('3');
  });

  it('takes a value the form is given from elsewhere (a restored draft)', async () => {
    renderScreen(<Harness />);
    await waitFor(() => formState() === '|JPN');
    typeInto(input(), 'a');
    await waitFor(() => formState() === 'a|JPN');
    document.querySelector<HTMLButtonElement>('button')!.click();
    await waitFor(() => formState() === '復元|JPN');
    expect(input().value).toBe('復元');
  });
});
