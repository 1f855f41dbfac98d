import type { Page } from 'playwright-core';

/**
 * What a person could not read whole at this width: a badge, button, tab or switch whose words are
 * cut (Mantine ends them with an ellipsis once their row or cell squeezes them: 反映済み shown in
 * 10 px on a phone), and a page wider than its window (a table or tab that does not scroll or wrap
 * makes the whole screen slide sideways). Text that is cut on purpose (a long message title) is not
 * among these controls.
 */
export async function cutWordsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const labels = '.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-SegmentedControl-label';
    for (const label of Array.from(document.querySelectorAll<HTMLElement>(labels))) {
      if (label.getClientRects().length === 0 || label.closest('[aria-hidden="true"]')) continue;
      if (label.scrollWidth > label.clientWidth + 1) found.push(`"${label.textContent?.trim()}" cut to ${label.clientWidth} of ${label.scrollWidth} px`);
    }
    const wide = document.documentElement.scrollWidth;
    if (wide > window.innerWidth + 1) found.push(`the page is ${wide} px wide in a ${window.innerWidth} px window`);
    return found;
  });
}
