import { imageSource, isPdf, isPreviewable, previewDialogWidth, WIDGET_MESSAGES } from '@dpms/core';
import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/Dialog';

const PdfViewer = lazy(() => import('../pdf/PdfViewer').then((m) => ({ default: m.PdfViewer })));

/** Documents the web ships itself (public/files), such as the welcome page's letters. */
const SHIPPED_FILE = /^\/files\/[\w.-]+$/;

/**
 * What the dialog may load: an object URL of fetched bytes, an image the server
 * serves, or a file the web ships. A stored address of anything else shows nothing.
 */
const previewSource = (url: string): string | undefined =>
  imageSource(url) ?? (SHIPPED_FILE.test(url) ? url : undefined);

export interface PreviewFile {
  name: string;
  url: string;
}

/** The file preview: 800 px for a pdf (with the PDF viewer), 500 px for an image. */
export function FilePreviewDialog({
  file,
  onClose,
}: {
  file: PreviewFile | null;
  onClose: () => void;
}) {
  if (!file) return null;
  const pdf = isPdf(file.name);
  const width = previewDialogWidth(pdf);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${WIDGET_MESSAGES.previewDialogTitle}：${file.name}`}
      width={width}
      testId="preview-dialog"
    >
      {!isPreviewable(file.name) ? (
        <p className="py-8 text-center text-muted">
          该文件类型不支持预览，仅支持 png、jpg、jpeg、pdf
        </p>
      ) : pdf ? (
        <Suspense fallback={<p className="py-8 text-center text-muted">加载中</p>}>
          <PdfViewer url={previewSource(file.url) ?? ''} width={width - 80} />
        </Suspense>
      ) : (
        <img
          src={previewSource(file.url)}
          alt={file.name}
          className="mx-auto max-h-[60vh] max-w-full"
        />
      )}
    </Dialog>
  );
}
