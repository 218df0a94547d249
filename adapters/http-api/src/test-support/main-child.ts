/**
 * Runs the real entry point (src/main.ts, what `npm start` runs once built) in a child process,
 * from source, with whatever environment the test gave the process.
 */
export async function main(): Promise<void> {
  await import('../main.js');
}
