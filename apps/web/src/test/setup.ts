import { vi } from 'vitest';

// jsdom lacks what Mantine measures with: matchMedia (colour scheme, breakpoints) and ResizeObserver.
if (typeof window !== 'undefined') {
  // This file runs before each test file, and the files of a worker share one page (vitest.config.ts,
  // isolate: false): each starts clean, whatever the file before it left.
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.removeAttribute('lang');
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
  }

  // An open Mantine menu or popover moves the focus to its first item a moment after it mounts,
  // which jsdom's page sees still hidden by the opening transition (display: none): Mantine finds
  // nothing to focus and warns with the whole element, React's internals included (hundreds of
  // lines in the test output for each menu opened). In Chromium the focus lands in the menu and
  // nothing is warned; only this warning is left out.
  // (Once per worker: the files of a worker share this page, and this file runs before each.)
  if (!(console.warn as { withoutFocusTrapNotice?: boolean }).withoutFocusTrapNotice) {
    const warn = console.warn.bind(console);
    console.warn = Object.assign(
      (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap] Failed to find focusable element')) return;
        warn(...args);
      },
      { withoutFocusTrapNotice: true },
    );
  }

  if (typeof window.ResizeObserver === 'undefined') {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    window.ResizeObserver = ResizeObserverStub;
  }

  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
  // jsdom has no document.fonts, which Mantine's autosize textarea listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
  window.scrollTo = () => {};
}
