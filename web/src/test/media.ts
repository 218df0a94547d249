import { afterEach } from 'vitest';

/**
 * Makes the next renders see a phone: every `matchMedia` query for a `max-width` of 639 px or more
 * matches (jsdom has no `matchMedia`; without one the layout is the desktop's). Undone after the
 * test.
 */
export function onPhone(): void {
  const matchMedia = (query: string): MediaQueryList =>
    ({
      matches: /max-width:\s*(\d+)px/.test(query) && Number(/(\d+)px/.exec(query)?.[1]) >= 639,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.matchMedia = matchMedia;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});
