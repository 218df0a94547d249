/**
 * How services outside React move the browser: the router binds `go` once it exists; until
 * then (and for full reloads) it falls back to `location`.
 */
export class Navigator {
  private goImpl: ((path: string) => void) | undefined;

  bind(go: (path: string) => void): void {
    this.goImpl = go;
  }

  go(path: string): void {
    if (this.goImpl) this.goImpl(path);
    else window.location.assign(path);
  }

  /** A full page load of `path` (after login, a role switch, a logout). */
  reload(path?: string): void {
    if (path === undefined) window.location.reload();
    else window.location.href = path;
  }
}
