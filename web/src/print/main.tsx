import { PRINT_READY_ATTRIBUTE, PRINT_RENDER_FUNCTION, type PrintPayload } from '@dpms/core';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { PrintView, checkPrintPayload } from './PrintView';
import './print.css';

/**
 * The print page (web/print.html). Whoever prints (the print service's Chromium) opens it once
 * per tab, waits for `data-print-loaded="1"` on <html>, then calls `window.renderPrint(payload)`
 * as often as it likes: each call renders the payload, resolves once its fonts and images have
 * loaded and leaves `data-print-ready="1"` on <html>. The page makes no call of its own: no
 * session, no API; images arrive inside the payload as data: URLs, fonts are the system's.
 */
declare global {
  interface Window {
    renderPrint?: (payload: PrintPayload) => Promise<void>;
  }
}

const html = document.documentElement;
const container: HTMLElement =
  document.getElementById('print-root') ?? document.body.appendChild(document.createElement('div'));
const root = createRoot(container);

const imageLoaded = (img: HTMLImageElement): Promise<void> =>
  new Promise((resolve, reject) => {
    const done = () => (img.naturalWidth > 0 ? resolve() : reject(new Error('图片无法加载')));
    if (img.complete) done();
    else {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', () => reject(new Error('图片无法加载')), { once: true });
    }
  });

async function render(payload: unknown): Promise<void> {
  html.removeAttribute(PRINT_READY_ATTRIBUTE);
  const checked = checkPrintPayload(payload);
  flushSync(() => root.render(<PrintView payload={checked} />));
  const images = [...container.querySelectorAll('img')];
  const broken = (await Promise.allSettled(images.map(imageLoaded))).filter(
    (r) => r.status === 'rejected',
  ).length;
  if (broken > 0) throw new Error(`有${broken}张签名或印章图片无法加载`);
  // Fonts are the system's; wait until the faces the page uses are loaded (absent in jsdom).
  await (document.fonts as FontFaceSet | undefined)?.ready;
  html.setAttribute(PRINT_READY_ATTRIBUTE, '1');
}

// One render at a time: a tab kept open by the print service may be asked again at once.
let queue: Promise<void> = Promise.resolve();
const renderPrint = (payload: PrintPayload): Promise<void> => {
  const next = queue.then(() => render(payload));
  queue = next.catch(() => undefined);
  return next;
};

Object.assign(window, { [PRINT_RENDER_FUNCTION]: renderPrint });
html.setAttribute('data-print-loaded', '1');
