/**
 * What the screen tests share: a fake API behind fetch that records the calls, and reading the
 * rendered page (its words, an enabled button by label, waiting for something to show).
 */
import { vi } from 'vitest';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type ApiCall = { url: string; method: string; body: unknown };

/**
 * Replaces fetch with `answer`; the returned list fills with the calls made, oldest first.
 * `init` is there for checks on the request itself (credentials and the like).
 */
export function stubApi(answer: (call: ApiCall, init: RequestInit | undefined) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
      calls.push(call);
      return answer(call, init);
    }),
  );
  return calls;
}

/** The page's words, without the style sheets Mantine puts in the body. */
export function pageText(): string {
  const words: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.parentElement?.tagName !== 'STYLE') words.push(node.textContent ?? '');
  return words.join('');
}

/**
 * Polls `find` until it answers something, or fails showing the page's words. The limit is a
 * safety net, not a speed goal: a render in jsdom on a loaded two-core machine took past 3 s.
 */
export async function waitFor<T>(find: () => T | null | undefined | false, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - start > timeout) throw new Error(`timed out; page: ${pageText()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The enabled button with exactly this label. */
export const enabledButton = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label && !b.disabled) as HTMLButtonElement | undefined;
