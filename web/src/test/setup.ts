import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy* and waitFor settle as soon as what they wait for appears; the default bound of 1 s
// failed correct tests while a loaded two-core machine rendered a page's first answer. The test's
// own timeout (vitest.config.ts) still ends one that never gets there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Headless UI's anchored panels ask for one.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
