import puppeteer, { type Browser } from 'puppeteer-core';

/** Debian's Chromium; CHROMIUM_PATH overrides it. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags (DESIGN §7 and §11): headless without a sandbox or GPU; no network chatter, which stalls
 * Chromium on an offline machine; no font hinting, so glyph metrics in the PDF match the layout.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
] as const;

/**
 * Launches one browser. The service handles signals itself (it closes the browser before it
 * exits), so puppeteer's own handlers are off. The browser talks over a pipe: if this process dies
 * without closing it, Chromium reads the end of the pipe and exits too.
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  return puppeteer.launch({
    executablePath,
    headless: true,
    pipe: true,
    args: [...CHROMIUM_ARGS],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 120_000,
    defaultViewport: null,
  });
}

/**
 * Ends a browser and everything it started. Chromium is launched detached, so it leads its own
 * process group: signalling the group reaches the renderers and helpers too.
 */
/**
 * Waits until no process of the group is left (killed renderers and zygotes can outlive the
 * browser's own exit by a moment on a loaded machine). They are not our children, so no exit
 * event reaches us: the group is polled, at most `timeoutMs`. Answers whether it is gone.
 */
export async function processGroupGone(
  pid: number | undefined,
  timeoutMs = 2000,
): Promise<boolean> {
  if (pid === undefined) return true;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function killBrowserProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
