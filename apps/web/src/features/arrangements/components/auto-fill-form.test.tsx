import { describe, expect, it } from 'vitest';
import type { FillCar } from '@sagano/domain/arrangements/auto-fill';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { fieldLabelled, renderScreen, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { pageText, waitFor } from '../../../test/screen.ts';
import { AutoFillForm } from './auto-fill-form.tsx';

const cars: FillCar[] = [
  { logical_car_id: 1, car_number: 1, seats: ['1A', '1B', '2A', '2B'].map((s) => ({ seat_id: `1-${s}`, seat_group_id: null, row: Number(s[0]), letter: s[1]! })) },
];
const types: ArrangementType[] = [{ arrangement_type_id: 1, name: [{ language_id: 'ja', text: '団体' }, { language_id: 'en', text: 'Group' }], color_hex: '#228be6', seat_type: 'NORMAL', is_group_allotment: true, display_order: 1 }];

function render() {
  renderScreen(<AutoFillForm cars={cars} types={types} nameOf={() => '団体'} assignment={{}} onFill={() => undefined} />);
}

async function run() {
  const button = await waitFor(() => [...document.querySelectorAll('button')].find((b) => b.getAttribute('type') === 'submit'));
  button.click();
}

describe('the automatic fill says its rules as every form does, naming the field', () => {
  useScreenTests();

  for (const [language, seat, message] of [
    ['ja', '9Z', '開始席'],
    ['en', '9Z', 'from seat'],
  ] as const) {
    it(`a seat that is not in the car is "enter a valid …" (${language})`, async () => {
      await changeLanguage(language);
      render();
      const from = await waitFor(() => document.querySelector('label') && (fieldLabelled(language === 'ja' ? '開始席' : 'From seat') as HTMLInputElement));
      typeInto(from, seat);
      await run();
      const alert = await waitFor(() => document.querySelector('[role="alert"]')?.textContent);
      expect(alert).toContain(message);
      expect(alert).toBe(language === 'ja' ? '正しい開始席を入力してください。' : 'Enter a valid from seat.');
    });
  }

  it('a total that is not a whole number of 1 or more names the total', async () => {
    await changeLanguage('ja');
    render();
    const total = await waitFor(() => document.querySelector('label') && (fieldLabelled('席数') as HTMLInputElement));
    typeInto(total, '0');
    await run();
    await waitFor(() => pageText().includes('席数は1以上の整数で入力してください。'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('席数は1以上の整数で入力してください。');
  });
});
