import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { linkSegments } from './link-segments.ts';
import { LinkedText } from './linked-text.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('linkSegments', () => {
  it('finds http(s) addresses in Japanese text and leaves the punctuation around them', () => {
    expect(linkSegments('詳しくはhttps://www.sagano-kanko.co.jp/group/をご覧ください。')).toEqual([
      { kind: 'text', text: '詳しくは' },
      { kind: 'link', text: 'https://www.sagano-kanko.co.jp/group/', href: 'https://www.sagano-kanko.co.jp/group/' },
      { kind: 'text', text: 'をご覧ください。' },
    ]);
    expect(linkSegments('See http://example.com/a?b=1&c=2. Or (https://example.com/x_(y)).').map((s) => s.text)).toEqual([
      'See ',
      'http://example.com/a?b=1&c=2',
      '. Or (',
      'https://example.com/x_(y)',
      ').',
    ]);
  });

  it('makes no link of other schemes or of nothing', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com', 'https://', 'http://:80', '']) {
      expect(linkSegments(body).every((s) => s.kind === 'text'), body).toBe(true);
    }
  });
});

describe('LinkedText', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('shows markup as text, and links only the addresses, opening apart from this page', () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const body = '<img src=x onerror="alert(1)"><b>太字</b>\n<a href="javascript:alert(1)">click</a> https://example.com/"><script>alert(1)</script>';
    act(() =>
      root!.render(
        <MantineProvider>
          <LinkedText text={body} data-testid="body" />
        </MantineProvider>,
      ),
    );
    expect(container.querySelector('img, b, script')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/']);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('[data-testid="body"]')!.textContent).toBe(body);
  });
});
