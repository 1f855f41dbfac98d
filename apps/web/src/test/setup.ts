// jsdom lacks what Mantine measures with: matchMedia (colour scheme, breakpoints) and ResizeObserver.
if (typeof window !== 'undefined') {
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
