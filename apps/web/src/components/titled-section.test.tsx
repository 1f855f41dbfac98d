import { describe, expect, it } from 'vitest';
import { renderScreen, useScreenTests } from '../test/render-screen.tsx';
import { waitFor } from '../test/screen.ts';
import { TitledSection } from './titled-section.tsx';

describe('TitledSection', () => {
  useScreenTests();

  it('is a region named by its own second-level heading, holding what it is given', async () => {
    renderScreen(
      <TitledSection id="documents-title" title="書類">
        <p>バウチャー</p>
      </TitledSection>,
    );
    const section = await waitFor(() => document.querySelector('section'));
    const heading = section.querySelector('h2')!;
    expect(heading.id).toBe('documents-title');
    expect(heading.textContent).toBe('書類');
    expect(section.getAttribute('aria-labelledby')).toBe('documents-title');
    expect(section.querySelector('p')?.textContent).toBe('バウチャー');
  });
});
