import type { SealRow } from '@dpms/http-client';
import { useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { FileUpload, type UploadedFileRecord } from '../../components/upload';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { box, useTaskGateway } from './task-shared';

/**
 * 上传盖章扫描件: the stamped scans of an approved request, uploaded back on the result they stamp
 * (one of the request's results; the only one is chosen for the person). Files go by the ids the
 * upload issued.
 */
export function SealScanDialog({
  seal,
  onClose,
  onSaved,
}: {
  seal: SealRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useTaskGateway();
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  const [resultId, setResultId] = useState(
    seal.resultList.length === 1 ? String(seal.resultList[0]?.resultId) : '',
  );
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (files.length === 0) {
      feedback.error('请上传附件');
      return;
    }
    setBusy(true);
    const outcome = await keys.current.run(`scan:${seal.resultSealId}`, (idempotencyKey) =>
      gateway.uploadSealScans(
        {
          resultSealId: seal.resultSealId,
          ...(resultId === '' ? {} : { resultId: Number(resultId) }),
          fileList: files.map((f) => f.fileId),
        },
        { idempotencyKey },
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
  return (
    <Dialog
      open
      onClose={onClose}
      title="上传盖章扫描件"
      width={600}
      closeOnClickOutside={false}
      testId="seal-scan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {seal.resultList.length > 0 && (
          <Field label="所盖成果" required>
            <select
              className={box}
              aria-label="所盖成果"
              value={resultId}
              onChange={(e) => setResultId(e.target.value)}
            >
              <option value="">请选择</option>
              {seal.resultList.map((r) => (
                <option key={r.resultId} value={String(r.resultId)}>
                  {r.majorName === '' ? r.fileName : `${r.majorName}·${r.fileName}`}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="扫描件" required>
          <FileUpload value={files} onChange={setFiles} testId="seal-scan-files" />
        </Field>
      </div>
    </Dialog>
  );
}
