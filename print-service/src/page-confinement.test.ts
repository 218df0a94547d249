import { EventEmitter } from 'node:events';
import type { HTTPRequest } from 'puppeteer-core';
import { describe, expect, it, vi } from 'vitest';
import { confinePage, mayLoad, type ConfinablePage } from './page-confinement.js';

const PAGE = 'http://127.0.0.1:8090/print.html';

describe('what a print tab may load', () => {
  it.each([
    PAGE,
    'http://127.0.0.1:8090/assets/print-abc.js',
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:http://127.0.0.1:8090/0f8f',
  ])('loads %s', (url) => {
    expect(mayLoad(url, PAGE)).toBe(true);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:8080/prod-api/approval/flow/del?flowId=1',
    'https://evil.example/seal.png',
    'http://localhost:8090/print.html',
    'file:///etc/passwd',
    'not a url',
  ])('refuses %s', (url) => {
    expect(mayLoad(url, PAGE)).toBe(false);
  });

  it('loads the origins a test page is given, and no others', () => {
    expect(mayLoad('http://127.0.0.1:9999/hold', PAGE, ['http://127.0.0.1:9999'])).toBe(true);
    expect(mayLoad('http://127.0.0.1:9998/hold', PAGE, ['http://127.0.0.1:9999'])).toBe(false);
  });

  it('intercepts every request of the tab: allowed ones continue, the rest are aborted', async () => {
    const events = new EventEmitter();
    const page = {
      setRequestInterception: vi.fn(() => Promise.resolve()),
      on: (event: 'request', handler: (r: HTTPRequest) => void) => events.on(event, handler),
    } as unknown as ConfinablePage;
    await confinePage(page, (url) => mayLoad(url, PAGE));
    expect(page.setRequestInterception).toHaveBeenCalledWith(true);
    const request = (url: string) => ({
      url: () => url,
      isInterceptResolutionHandled: () => false,
      continue: vi.fn(() => Promise.resolve()),
      abort: vi.fn(() => Promise.resolve()),
    });
    const own = request('http://127.0.0.1:8090/assets/print.css');
    const remote = request('http://169.254.169.254/latest/meta-data/');
    events.emit('request', own);
    events.emit('request', remote);
    expect(own.continue).toHaveBeenCalled();
    expect(own.abort).not.toHaveBeenCalled();
    expect(remote.abort).toHaveBeenCalledWith('blockedbyclient');
    expect(remote.continue).not.toHaveBeenCalled();
  });
});
