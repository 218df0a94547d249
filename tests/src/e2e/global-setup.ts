import type { TestProject } from 'vitest/node';
import { startServer } from '../support/e2e-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One real server on the embedded database for every browser test. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
