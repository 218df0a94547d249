import type { Browser, Page } from 'puppeteer-core';
import type { PrintPayload } from '@dpms/core';
import type { RequiredFont } from '../prerequisites.js';

export interface PrintPoolOptions {
  readonly chromiumPath: string;
  /** The print page every tab loads (known once the service listens). */
  readonly pageUrl: () => string;
  /** The print page on disk; missing means the web was not built. */
  readonly printPageFile?: string;
  /** Tabs printing at once; about one per core (DESIGN §7). */
  readonly tabs: number;
  /** Jobs waiting for a tab; one more is refused with 429. */
  readonly maxQueue: number;
  /** The browser is replaced after this many jobs, which bounds what a long-lived one leaks. */
  readonly maxJobsPerBrowser: number;
  /** A job's deadline from its arrival, queue time included. */
  readonly jobTimeoutMs: number;
  /** How often the browser is asked for its version; 0 turns the probe off. */
  readonly probeIntervalMs: number;
  readonly probeTimeoutMs: number;
  readonly fonts?: readonly RequiredFont[];
  /** Printed once at boot so the first request finds fonts and the PDF path warm. */
  readonly warmPayload?: PrintPayload;
  readonly log?: (level: 'info' | 'warn' | 'error', data: object, message: string) => void;
  /** Origins besides the print page's own a tab may load (a test page's; none in production). */
  readonly extraOrigins?: readonly string[];
}

export type PrintPoolState = 'idle' | 'starting' | 'ready' | 'unavailable' | 'stopping' | 'stopped';

export interface PrintPoolStatus {
  readonly state: PrintPoolState;
  readonly message?: string;
  readonly missingPackages?: readonly string[];
  readonly browser: {
    readonly pid: number | null;
    readonly generation: number;
    readonly jobs: number;
  };
  readonly tabs: number;
  readonly running: number;
  readonly queued: number;
  readonly printed: number;
}

/** What the pool tells whoever listens (logs, tests, the bench). */
export interface PrintPoolEvents {
  browserStarted: [{ readonly generation: number; readonly pid: number | undefined }];
  browserExited: [
    { readonly generation: number; readonly pid: number | undefined; readonly reason: string },
  ];
  /** A browser's processes have all exited (closed, replaced or crashed). */
  browserClosed: [{ readonly generation: number; readonly pid: number | undefined }];
  /** A job is inside the print page: the payload has been handed to renderPrint. */
  rendering: [
    { readonly generation: number; readonly pid: number | undefined; readonly attempt: number },
  ];
}

export interface Tab {
  page: Page;
  /** Resolves once the tab shows a fresh print page; false when it could not. */
  ready: Promise<boolean>;
  busy: boolean;
}

export interface Generation {
  readonly id: number;
  readonly browser: Browser;
  readonly pid: number | undefined;
  readonly tabs: Tab[];
  jobs: number;
  active: number;
  alive: boolean;
  retiring: boolean;
  closing: Promise<void> | null;
}

export const PROCESS_EXIT_GRACE_MS = 5_000;

/** An error of the connection to the browser or the tab, as opposed to the document's own. */
export const isTargetGone = (e: unknown): boolean =>
  e instanceof Error &&
  (e.name === 'TargetCloseError' ||
    e.name === 'ConnectionClosedError' ||
    /Target closed|Session closed|Connection closed|detached|Page crashed|crashed|Protocol error/i.test(
      e.message,
    ));
