import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { SearchFilterForm } from './search-filter-form.tsx';

const moreButton = () => [...document.querySelectorAll('button')].find((b) => b.hasAttribute('aria-expanded'))!;

describe('SearchFilterForm', () => {
  useScreenTests();

  it('makes the detailed filters only when first opened; the button answers the click at once, the fields follow', async () => {
    renderScreen(
      <SearchFilterForm label="予約の検索条件" onSubmit={(e) => e.preventDefault()} onClear={() => undefined} more={<input aria-label="通知メッセージ" />}>
        <input aria-label="団体名" />
      </SearchFilterForm>,
    );
    await waitFor(() => document.querySelector('input[aria-label="団体名"]'));
    expect(document.querySelector('input[aria-label="通知メッセージ"]')).toBeNull();
    expect(moreButton().textContent).toBe('詳細条件');
    expect(moreButton().getAttribute('aria-expanded')).toBe('false');

    moreButton().click();
    await waitFor(() => (moreButton().getAttribute('aria-expanded') === 'true' ? moreButton() : null));
    expect(moreButton().textContent).toBe('詳細条件を閉じる');
    await waitFor(() => document.querySelector('input[aria-label="通知メッセージ"]'));

    // Closed again, the fields stay made (opening once more costs nothing).
    moreButton().click();
    await waitFor(() => (moreButton().getAttribute('aria-expanded') === 'false' ? moreButton() : null));
    expect(moreButton().textContent).toBe('詳細条件');
    expect(document.querySelector('input[aria-label="通知メッセージ"]')).not.toBeNull();
  });

  it('starts open, fields made, when a detailed filter is set', async () => {
    renderScreen(
      <SearchFilterForm label="予約の検索条件" onSubmit={(e) => e.preventDefault()} onClear={() => undefined} more={<input aria-label="通知メッセージ" />} moreInitiallyOpen>
        <input aria-label="団体名" />
      </SearchFilterForm>,
    );
    await waitFor(() => document.querySelector('input[aria-label="通知メッセージ"]'));
    expect(moreButton().getAttribute('aria-expanded')).toBe('true');
  });
});
