import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The browser under test runs in UTC with an English locale, as a staff laptop set up abroad
 * might: the screens must still show the institute's wall clock. Call at a test file's top level.
 */
export function onALaptopAbroad(): void {
  beforeAll(() => {
    vi.stubEnv('TZ', 'UTC');
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}
