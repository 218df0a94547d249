import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import type { PrintPayload } from '@dpms/core';
import { killBrowserProcessGroup, launchChromium, processGroupGone } from './chromium.js';
import { printMessages } from './messages.js';
import { confinePage, mayLoad } from './page-confinement.js';
import { PrintError } from './print-errors.js';
import { checkPrerequisites, REQUIRED_FONTS } from './prerequisites.js';
import { JobQueue } from './print-pool/job-queue.js';
import {
  isTargetGone,
  PROCESS_EXIT_GRACE_MS,
  type Generation,
  type PrintPoolEvents,
  type PrintPoolOptions,
  type PrintPoolState,
  type PrintPoolStatus,
  type Tab,
} from './print-pool/pool-types.js';
import { renderOnPage } from './print-pool/render-page.js';

export type {
  PrintPoolEvents,
  PrintPoolOptions,
  PrintPoolState,
  PrintPoolStatus,
} from './print-pool/pool-types.js';

/**
 * One Chromium, a bounded set of tabs on the print page, and a bounded queue in front of them.
 * A tab is reused: after each job it navigates back to a fresh print page, off the request path.
 * The browser is replaced after N jobs, after a failed health probe, or when it dies; a job whose
 * browser died is retried once on the new one.
 */
export class PrintPool extends EventEmitter<PrintPoolEvents> {
  private state: PrintPoolState = 'idle';
  private unavailable: { message: string; missingPackages: readonly string[] } | null = null;
  private current: Promise<Generation> | null = null;
  private currentGen: Generation | null = null;
  private readonly generations = new Set<Generation>();
  private nextGenerationId = 1;
  private started: Promise<void> | null = null;
  private readonly queue: JobQueue;
  private probeTimer: NodeJS.Timeout | null = null;
  private printed = 0;

  constructor(private readonly options: PrintPoolOptions) {
    super();
    if (options.tabs < 1) throw new RangeError('tabs must be at least 1');
    this.queue = new JobQueue(options.tabs);
  }

  /** Checks the machine, launches and warms the browser. Never throws: a failure is a state. */
  start(): Promise<void> {
    this.started ??= this.boot();
    return this.started;
  }

  private async boot(): Promise<void> {
    this.state = 'starting';
    const check = await checkPrerequisites(
      this.options.chromiumPath,
      this.options.fonts ?? REQUIRED_FONTS,
    );
    if (!check.ok) return this.markUnavailable(check.message, check.missingPackages);
    const page = this.options.printPageFile;
    if (page !== undefined && !existsSync(page)) {
      return this.markUnavailable(printMessages.printPageMissing(page), []);
    }
    try {
      const gen = await this.generation();
      if (this.options.warmPayload) await this.printOn(gen, this.options.warmPayload, 0);
    } catch (e) {
      if ((this.state as PrintPoolState) === 'stopping') return;
      const reason = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
      return this.markUnavailable(printMessages.launchFailed(reason), ['chromium']);
    }
    if ((this.state as PrintPoolState) !== 'starting') return;
    this.state = 'ready';
    if (this.options.probeIntervalMs > 0) {
      this.probeTimer = setInterval(() => void this.probe(), this.options.probeIntervalMs);
      this.probeTimer.unref();
    }
    this.log('info', { pid: this.currentGen?.pid }, 'print service ready');
  }

  private markUnavailable(message: string, missingPackages: readonly string[]): void {
    this.state = 'unavailable';
    this.unavailable = { message, missingPackages };
    this.log('error', { missingPackages }, message);
  }

  status(): PrintPoolStatus {
    const gen = this.currentGen;
    return {
      state: this.state,
      ...(this.unavailable
        ? { message: this.unavailable.message, missingPackages: this.unavailable.missingPackages }
        : {}),
      browser: { pid: gen?.pid ?? null, generation: gen?.id ?? 0, jobs: gen?.jobs ?? 0 },
      tabs: this.options.tabs,
      running: this.queue.runningCount,
      queued: this.queue.queuedCount,
      printed: this.printed,
    };
  }

  /** The process id of the browser in use, when one is running. */
  browserPid(): number | undefined {
    return this.currentGen?.alive ? this.currentGen.pid : undefined;
  }

  /** Prints one payload to A4 PDF bytes; rejects with a PrintError the service maps to HTTP. */
  async render(payload: PrintPayload): Promise<Uint8Array> {
    if (this.state === 'stopping' || this.state === 'stopped') {
      throw new PrintError('PRINT.STOPPING', printMessages.stopping);
    }
    if (this.state === 'unavailable' && this.unavailable) {
      throw new PrintError('PRINT.UNAVAILABLE', this.unavailable.message);
    }
    if (this.queue.isFull(this.options.maxQueue)) {
      throw new PrintError('PRINT.QUEUE_FULL', printMessages.queueFull);
    }
    const deadline = Date.now() + this.options.jobTimeoutMs;
    await this.queue.acquire(deadline);
    try {
      await this.start();
      if (this.state === 'unavailable' && this.unavailable) {
        throw new PrintError('PRINT.UNAVAILABLE', this.unavailable.message);
      }
      const pdf = await this.runJob(payload, deadline);
      this.printed += 1;
      return pdf;
    } finally {
      this.queue.release();
    }
  }

  // ---- jobs ------------------------------------------------------------------------------------

  private async runJob(payload: PrintPayload, deadline: number): Promise<Uint8Array> {
    for (let attempt = 0; ; attempt += 1) {
      const gen = await this.generation();
      try {
        return await this.printOn(gen, payload, attempt, deadline);
      } catch (e) {
        if (e instanceof PrintError) throw e;
        if (!isTargetGone(e) && gen.alive && gen.browser.connected) {
          this.log('warn', { err: String(e) }, 'render failed');
          throw new PrintError('PRINT.RENDER_FAILED', printMessages.renderFailed);
        }
        // The browser or the tab went away under the job: once more, on a working browser.
        if (!gen.browser.connected) this.generationDied(gen, 'disconnected during a job');
        this.log('warn', { attempt, err: String(e) }, 'browser lost during a job');
        if (attempt >= 1 || this.state === 'stopping') {
          throw new PrintError('PRINT.BROWSER_CRASHED', printMessages.browserCrashed);
        }
      }
    }
  }

  /**
   * Hands the payload to the print page of a free tab, waits for the page to mark itself ready and
   * prints it. Fails when the tab crashes or the job's deadline passes (the tab is then replaced).
   */
  private async printOn(
    gen: Generation,
    payload: PrintPayload,
    attempt: number,
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<Uint8Array> {
    const tab = gen.tabs.find((t) => !t.busy);
    // Permits equal tabs, and a generation has as many tabs as permits.
    if (!tab) throw new Error('no free tab');
    tab.busy = true;
    gen.active += 1;
    const page = tab.page;
    let replace = false;
    let onCrash: ((e: Error) => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const stopped = new Promise<never>((_, reject) => {
        onCrash = (e: Error) => reject(e);
        page.once('error', onCrash);
        if (Number.isFinite(deadline)) {
          timer = setTimeout(
            () => reject(new PrintError('PRINT.TIMEOUT', printMessages.timedOut)),
            Math.max(0, deadline - Date.now()),
          );
        }
      });
      stopped.catch(() => undefined);
      const work = (async () => {
        if (!(await tab.ready))
          throw new Error('Target closed: the tab could not load the print page');
        this.emit('rendering', { generation: gen.id, pid: gen.pid, attempt });
        return renderOnPage(page, payload);
      })();
      work.catch(() => undefined);
      return await Promise.race([work, stopped]);
    } catch (e) {
      // A tab that timed out or crashed may still be busy: it is closed and a new one opened.
      replace = true;
      throw e;
    } finally {
      clearTimeout(timer);
      if (onCrash) page.off('error', onCrash);
      gen.active -= 1;
      gen.jobs += 1;
      this.resetTab(gen, tab, replace);
      this.afterJob(gen);
    }
  }

  /** A tab that loads only the print page's origin and inlined images (page-confinement.ts). */
  private async confined(page: Page): Promise<Page> {
    await confinePage(page, (url) =>
      mayLoad(url, this.options.pageUrl(), this.options.extraOrigins),
    );
    return page;
  }

  /** Loads a fresh print page into the tab for the next job (a new tab when it is broken). */
  private resetTab(gen: Generation, tab: Tab, replace: boolean): void {
    if (!gen.alive || gen.retiring) {
      tab.busy = false;
      return;
    }
    const url = this.options.pageUrl();
    const fresh = async (): Promise<boolean> => {
      try {
        if (replace || tab.page.isClosed()) {
          void tab.page.close().catch(() => undefined);
          tab.page = await this.confined(await gen.browser.newPage());
        }
        await tab.page.goto(url, { waitUntil: 'load', timeout: 30_000 });
        return true;
      } catch {
        if (!gen.alive) return false;
        try {
          void tab.page.close().catch(() => undefined);
          tab.page = await this.confined(await gen.browser.newPage());
          await tab.page.goto(url, { waitUntil: 'load', timeout: 30_000 });
          return true;
        } catch {
          return false;
        }
      }
    };
    tab.ready = fresh();
    tab.busy = false;
  }

  private afterJob(gen: Generation): void {
    if (
      gen.alive &&
      !gen.retiring &&
      gen === this.currentGen &&
      gen.jobs >= this.options.maxJobsPerBrowser &&
      this.state !== 'stopping'
    ) {
      this.log(
        'info',
        { pid: gen.pid, jobs: gen.jobs },
        'replacing the browser after its job limit',
      );
      gen.retiring = true;
      this.current = null;
      // The next browser starts now, so the next job does not wait for it.
      void this.generation().catch(() => undefined);
    }
    if (gen.retiring && gen.active === 0 && gen.closing === null)
      void this.closeGeneration(gen, false);
  }

  // ---- browsers --------------------------------------------------------------------------------

  /** The browser jobs go to now; launches one when there is none. */
  private generation(): Promise<Generation> {
    if (this.state === 'stopping' || this.state === 'stopped') {
      return Promise.reject(new PrintError('PRINT.STOPPING', printMessages.stopping));
    }
    if (this.current === null) {
      const launching = this.launchGeneration();
      this.current = launching;
      launching.catch(() => {
        if (this.current === launching) this.current = null;
      });
    }
    return this.current;
  }

  private async launchGeneration(): Promise<Generation> {
    const browser = await launchChromium(this.options.chromiumPath);
    const gen: Generation = {
      id: this.nextGenerationId++,
      browser,
      pid: browser.process()?.pid,
      tabs: [],
      jobs: 0,
      active: 0,
      alive: true,
      retiring: false,
      closing: null,
    };
    this.generations.add(gen);
    browser.once('disconnected', () => {
      if (gen.closing === null) this.generationDied(gen, 'browser disconnected');
    });
    if (this.state === 'stopping' || this.state === 'stopped') {
      await this.closeGeneration(gen, true);
      throw new PrintError('PRINT.STOPPING', printMessages.stopping);
    }
    try {
      const url = this.options.pageUrl();
      const [first] = await browser.pages();
      for (let i = 0; i < this.options.tabs; i += 1) {
        const page = await this.confined(i === 0 && first ? first : await browser.newPage());
        const tab: Tab = { page, ready: Promise.resolve(false), busy: false };
        tab.ready = page.goto(url, { waitUntil: 'load', timeout: 30_000 }).then(
          () => true,
          () => false,
        );
        gen.tabs.push(tab);
      }
      if (!(await gen.tabs[0]!.ready)) throw new Error(`the print page did not load: ${url}`);
    } catch (e) {
      await this.closeGeneration(gen, true);
      throw e;
    }
    this.currentGen = gen;
    this.log('info', { generation: gen.id, pid: gen.pid }, 'browser started');
    this.emit('browserStarted', { generation: gen.id, pid: gen.pid });
    return gen;
  }

  /** The browser died on its own: forget it, clean up what is left, start the next one. */
  private generationDied(gen: Generation, reason: string): void {
    if (!gen.alive) return;
    gen.alive = false;
    this.log('warn', { generation: gen.id, pid: gen.pid, reason }, 'browser exited');
    this.emit('browserExited', { generation: gen.id, pid: gen.pid, reason });
    if (this.currentGen === gen) {
      this.current = null;
      if (this.state === 'ready' || this.state === 'starting') {
        void this.generation().catch(() => undefined);
      }
    }
    void this.closeGeneration(gen, true);
  }

  /**
   * Closes a browser and waits for its process to exit. `hard` kills its process group at once;
   * otherwise it is asked to close and killed if it has not gone within a grace period.
   */
  private closeGeneration(gen: Generation, hard: boolean): Promise<void> {
    gen.closing ??= (async () => {
      const wasAlive = gen.alive;
      gen.alive = false;
      this.generations.delete(gen);
      if (this.currentGen === gen) this.currentGen = null;
      const proc = gen.browser.process();
      const exited =
        proc && proc.exitCode === null && proc.signalCode === null
          ? new Promise<void>((resolve) => proc.once('exit', () => resolve()))
          : Promise.resolve();
      if (!hard && gen.browser.connected) {
        const closed = gen.browser.close().catch(() => undefined);
        await Promise.race([
          closed,
          new Promise<void>((resolve) => setTimeout(resolve, PROCESS_EXIT_GRACE_MS).unref()),
        ]);
      }
      // Whatever the browser left (renderers, zygotes) shares its process group.
      killBrowserProcessGroup(gen.pid);
      await exited;
      await processGroupGone(gen.pid);
      if (wasAlive) this.log('info', { generation: gen.id, pid: gen.pid }, 'browser closed');
      this.emit('browserClosed', { generation: gen.id, pid: gen.pid });
    })();
    return gen.closing;
  }

  /**
   * Asks the browser for its version; no answer within the probe timeout replaces it. Jobs on the
   * old browser fail and are retried on the new one.
   */
  async probe(): Promise<boolean> {
    const gen = this.currentGen;
    if (this.state !== 'ready' || gen === null || !gen.alive) return true;
    const answered = await Promise.race([
      gen.browser.version().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(false), this.options.probeTimeoutMs).unref(),
      ),
    ]);
    if (answered || !gen.alive) return true;
    this.log('warn', { generation: gen.id, pid: gen.pid }, 'browser failed its health probe');
    this.generationDied(gen, 'failed health probe');
    return false;
  }

  /**
   * Stops taking jobs, lets running ones finish within the grace period, and closes every browser,
   * waiting until their processes have exited.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopping';
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.queue.rejectWaiting(() => new PrintError('PRINT.STOPPING', printMessages.stopping));
    await this.queue.idle(graceMs);
    // A launch under way finishes first, so its browser is closed too.
    await this.current?.catch(() => undefined);
    await Promise.all([...this.generations].map((g) => this.closeGeneration(g, false)));
    this.current = null;
    this.state = 'stopped';
  }

  private log(level: 'info' | 'warn' | 'error', data: object, message: string): void {
    this.options.log?.(level, data, message);
  }
}
