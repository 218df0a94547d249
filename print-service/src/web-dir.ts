import { createRequire } from 'node:module';
import path from 'node:path';

/** The file the web's build produces for printing (a Vite multi-page entry). */
export const PRINT_PAGE = 'print.html';

/** The built web (`@dpms/web`'s dist directory), found through the workspace's package. */
export function defaultWebDir(): string {
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve('@dpms/web/package.json')), 'dist');
  } catch {
    // Outside the monorepo's node_modules: the package's sibling in the source tree.
    return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
  }
}
