import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/** Takes the README's screenshots with the browser-test harness: `npm run screenshots`. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['src/e2e/**/*.shots.ts'] },
});
