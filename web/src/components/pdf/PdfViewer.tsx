import {
  canGoToNextPdfPage,
  canGoToPreviousPdfPage,
  nextPdfPage,
  previousPdfPage,
  rotatePdf,
} from '@dpms/core';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A PDF viewer: previous/next page and rotation in 90° steps that wraps at ±360 (core's rules). */
export function PdfViewer({ url, width = 720 }: { url: string; width?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [error, setError] = useState('');
  const [rendered, setRendered] = useState('');

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url });
    task.promise.then(
      (d) => {
        if (!cancelled) {
          setDoc(d);
          setPage(1);
        }
      },
      () => !cancelled && setError('文件加载失败'),
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    const target = canvas.current;
    void doc.getPage(page).then((p) => {
      if (cancelled) return;
      const base = p.getViewport({ scale: 1, rotation: (rotation + 360) % 360 });
      const viewport = p.getViewport({
        scale: (width / base.width) * (window.devicePixelRatio || 1),
        rotation: (rotation + 360) % 360,
      });
      target.width = viewport.width;
      target.height = viewport.height;
      target.style.width = `${width}px`;
      const context = target.getContext('2d');
      if (!context) return;
      const render = p.render({ canvas: target, canvasContext: context, viewport });
      render.promise.then(
        () => !cancelled && setRendered(`${page}:${rotation}`),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
    };
  }, [doc, page, rotation, width]);

  const pages = doc?.numPages ?? 0;
  return (
    <div
      className="flex flex-col items-center gap-3"
      data-testid="pdf-viewer"
      data-page={page}
      data-pages={pages}
      data-rotation={rotation}
      data-rendered={rendered}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!canGoToPreviousPdfPage(page, pages)}
          onClick={() => setPage(previousPdfPage(page, pages))}
        >
          上一页
        </Button>
        <span className="min-w-20 text-center text-sm text-ink-soft" data-testid="pdf-page">
          {page} / {pages || '-'}
        </span>
        <Button
          size="sm"
          disabled={!canGoToNextPdfPage(page, pages)}
          onClick={() => setPage(nextPdfPage(page, pages))}
        >
          下一页
        </Button>
        <Button size="sm" onClick={() => setRotation((r) => rotatePdf(r, 'counterclockwise'))}>
          向左旋转
        </Button>
        <Button size="sm" onClick={() => setRotation((r) => rotatePdf(r, 'clockwise'))}>
          向右旋转
        </Button>
        <span className="text-xs text-muted" data-testid="pdf-rotation">
          {rotation}°
        </span>
      </div>
      {error ? (
        <p className="py-10 text-danger-600">{error}</p>
      ) : (
        <canvas ref={canvas} className="max-w-full border border-line shadow-card" />
      )}
    </div>
  );
}
