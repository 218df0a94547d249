/** Where the bearer token lives; the web binds it to its session store. */
export interface TokenStore {
  get(): string | undefined;
}

/**
 * What the client needs from the user interface. The web implements it with its dialogs and
 * toasts; tests with fakes.
 */
export interface HttpUserInterface {
  /** The 401 confirm: resolves true for 重新登录, false for 取消. */
  confirm(options: {
    title: string;
    message: string;
    confirmText: string;
    cancelText: string;
  }): Promise<boolean>;
  /** A red message shown for `durationMs`. */
  error(message: string, durationMs: number): void;
  /** Ends the session locally and goes to the login page. */
  logout(): void | Promise<void>;
}
