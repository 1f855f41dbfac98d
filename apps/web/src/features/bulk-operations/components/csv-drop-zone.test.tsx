import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BULK_MAX_BYTES } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderScreen, useScreenTests } from '../../../test/render-screen.tsx';
import { pageText, waitFor } from '../../../test/screen.ts';
import { CsvDropZone } from './csv-drop-zone.tsx';

function Screen() {
  const [file, setFile] = useState<File | null>(null);
  return <CsvDropZone file={file} onFile={setFile} />;
}

const zone = () => document.querySelector<HTMLElement>('[data-testid="bulk-drop-zone"]')!;
const input = () => document.querySelector<HTMLInputElement>('[data-testid="bulk-file-input"]')!;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const selected = () => document.querySelector('[data-testid="bulk-selected-file"]')?.textContent;

/** Chooses `files` in the file picker, as the browser reports it to the page. */
function choose(...files: File[]) {
  Object.defineProperty(input(), 'files', { value: files, configurable: true });
  input().dispatchEvent(new Event('change', { bubbles: true }));
}

const csv = (name: string, type = 'text/csv', bytes = 20) => new File([new Uint8Array(bytes).fill(0x41)], name, { type });

describe('CsvDropZone (@mantine/dropzone)', () => {
  useScreenTests();

  it('is one named button for the keyboard: Enter opens the file picker; its file input is out of the page', async () => {
    renderScreen(<Screen />);
    await waitFor(zone);
    const area = zone();
    expect(area.getAttribute('role')).toBe('button');
    expect(area.tabIndex).toBe(0);
    // Named by its visible text: what it does, then its rules.
    expect(area.textContent).toBe(`CSVファイルをここにドラッグ＆ドロップ、またはクリックして選択CSV（.csv）、${BULK_MAX_BYTES / 1024} KB まで、1ファイル`);
    // No focusable control inside the button, and no untranslated name on the input.
    expect(input().style.display).toBe('none');
    expect(input().hasAttribute('aria-label')).toBe(false);
    expect(input().accept).toBe('text/csv,.csv');

    let opened = 0;
    input().addEventListener('click', (event) => {
      event.preventDefault();
      opened++;
    });
    area.focus();
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    area.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(opened).toBe(2);
  });

  it('takes a .csv file, whatever type the system gives it, and names it', async () => {
    renderScreen(<Screen />);
    await waitFor(zone);
    choose(csv('予約.csv', 'application/vnd.ms-excel'));
    expect(await waitFor(selected)).toBe('選択中のファイル：予約.csv（1 KB）');
    expect(alertText()).toBeUndefined();
  });

  it('refuses another type, a file over the limit and two files at once, each with its reason, and forgets the file chosen before', async () => {
    renderScreen(<Screen />);
    await waitFor(zone);
    choose(csv('good.csv'));
    await waitFor(selected);

    choose(csv('memo.txt', 'text/plain'));
    expect(await waitFor(alertText)).toBe('CSVファイル（.csv）を選択してください。');
    expect(selected()).toBeUndefined();

    choose(csv('big.csv', 'text/csv', BULK_MAX_BYTES + 1));
    await waitFor(() => alertText() === `ファイルが大きすぎます（上限 ${BULK_MAX_BYTES / 1024} KB）。`);

    choose(csv('a.csv'), csv('b.csv'));
    await waitFor(() => alertText() === 'ファイルは1つだけ選んでください。');
    expect(selected()).toBeUndefined();
  });

  it('says it in English too', async () => {
    await changeLanguage('en');
    renderScreen(<Screen />);
    await waitFor(zone);
    expect(pageText()).toContain('Drag and drop a CSV file here, or click to choose one');
    choose(csv('memo.txt', 'text/plain'));
    expect(await waitFor(alertText)).toBe('Choose a CSV file (.csv).');
  });
});
