import { UPLOAD_MESSAGES } from '@dpms/core';
import type { ResultRow } from '@dpms/http-client';
import { useRef, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import {
  FileUpload,
  UploadActivity,
  useUploadsInFlight,
  type UploadedFileRecord,
} from '../../components/upload';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';

/** How a result reads in a picker: its discipline, then its file. */
export const resultLabel = (r: Pick<ResultRow, 'majorName' | 'fileName'>): string =>
  r.majorName === '' ? r.fileName : `${r.majorName}·${r.fileName}`;

/**
 * A dialog that sends uploaded files by the ids the upload issued (never by address), keeping one
 * Idempotency-Key per `actionKey` across retries. `children` go above the upload field.
 */
export function FileIdsDialog({
  title,
  testId,
  fieldLabel,
  actionKey,
  send,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  testId: string;
  fieldLabel?: string;
  actionKey: string;
  send: (fileIds: string[], idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  children?: ReactNode;
}) {
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const uploads = useUploadsInFlight();
  const save = async () => {
    if (files.length === 0) {
      feedback.error(UPLOAD_MESSAGES.resultFileRequired);
      return;
    }
    setBusy(true);
    const outcome = await keys.current.run(actionKey, (idempotencyKey) =>
      send(
        files.map((f) => f.fileId),
        idempotencyKey,
      ),
    );
    setBusy(false);
    if (!outcome.ok) {
      feedback.error(outcome.message);
      return;
    }
    feedback.success('上传成功');
    onSaved();
  };
  const upload = (
    <UploadActivity value={uploads.report}>
      <FileUpload value={files} onChange={setFiles} testId={`${testId}-files`} />
    </UploadActivity>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={600}
      closeOnClickOutside={false}
      testId={testId}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={uploads.uploading}
            onClick={() => void save()}
          >
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {children}
        {fieldLabel === undefined ? (
          upload
        ) : (
          <Field label={fieldLabel} required>
            {upload}
          </Field>
        )}
      </div>
    </Dialog>
  );
}
