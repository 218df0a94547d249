import type { ResultRow } from '@dpms/http-client';
import { useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { FileUpload, type UploadedFileRecord } from '../../components/upload';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useTaskGateway } from './task-shared';

/**
 * 上传验收文件: the acceptance file(s) of a confirmed result, sent by the ids the upload issued
 * (never by address). The project manager then confirms them from the result list.
 */
export function AcceptanceFileDialog({
  result,
  onClose,
  onSaved,
}: {
  result: ResultRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useTaskGateway();
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (files.length === 0) {
      feedback.error('请上传附件');
      return;
    }
    setBusy(true);
    const outcome = await keys.current.run(`acceptance:${result.resultId}`, (idempotencyKey) =>
      gateway.uploadResult(
        {
          taskId: result.taskId,
          resultId: result.resultId,
          fileType: 'acceptance',
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
      title={`上传验收文件：${result.fileName}`}
      width={600}
      closeOnClickOutside={false}
      testId="acceptance-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <FileUpload value={files} onChange={setFiles} testId="acceptance-files" />
    </Dialog>
  );
}
