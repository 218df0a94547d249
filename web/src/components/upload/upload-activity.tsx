import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';

/** Tells the form around an upload field whether that field has files still on their way. */
type Report = (field: string, uploading: boolean) => void;

const UploadActivityContext = createContext<Report | null>(null);

/**
 * A form's view of its upload fields (000 §4: nothing is confirmed while a file uploads). The
 * form wraps its fields in `<UploadActivity value={uploads.report}>` and keeps its save button
 * disabled while `uploads.uploading`: a save sent then would leave the file out of the record.
 */
export function useUploadsInFlight() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((field, uploading) => {
    setBusy((prev) => {
      if (prev.has(field) === uploading) return prev;
      const next = new Set(prev);
      if (uploading) next.add(field);
      else next.delete(field);
      return next;
    });
  }, []);
  return { uploading: busy.size > 0, report };
}

export const UploadActivity = UploadActivityContext.Provider;

/** Used by an upload field: reports its in-flight state to the form around it, if any. */
export function useReportUploading(uploading: boolean): void {
  const report = useContext(UploadActivityContext);
  const field = useId();
  useEffect(() => {
    report?.(field, uploading);
  }, [report, field, uploading]);
  useEffect(() => () => report?.(field, false), [report, field]);
}
