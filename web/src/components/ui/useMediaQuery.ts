import { useCallback, useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` (640 px): lists turn into cards and filters fold behind 筛选. */
export const PHONE_QUERY = '(max-width: 639px)';

/**
 * Whether a CSS media query matches now, following it as the window changes. Where there is no
 * `matchMedia` (jsdom unless a test installs one) nothing matches: the desktop layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}

/** A phone-sized screen (below `sm`). */
export const usePhone = (): boolean => useMediaQuery(PHONE_QUERY);
