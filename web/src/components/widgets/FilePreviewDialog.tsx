import { isPdf, isPreviewable, previewDialogWidth, WIDGET_MESSAGES } from '@dpms/core';
import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/Dialog';
import { imageSource } from '@dpms/core';

const PdfViewer = lazy(() => import('../pdf/PdfViewer').then((m) => ({ default: m.PdfViewer })));

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
          <PdfViewer url={imageSource(file.url) ?? ''} width={width - 80} />
        </Suspense>
      ) : (
        <img
          src={imageSource(file.url)}
          alt={file.name}
          className="mx-auto max-h-[60vh] max-w-full"
        />
      )}
    </Dialog>
  );
}
