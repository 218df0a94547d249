import type { ResultRow } from '@dpms/http-client';
import { FileIdsDialog } from './FileIdsDialog';
import { useTaskGateway } from './task-shared';

/**
 * 上传验收文件: the acceptance file(s) of a confirmed result. The project manager then confirms them
 * from the result list.
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
  return (
    <FileIdsDialog
      title={`上传验收文件：${result.fileName}`}
      testId="acceptance-form"
      actionKey={`acceptance:${result.resultId}`}
      send={(fileList, idempotencyKey) =>
        gateway.uploadResult(
          { taskId: result.taskId, resultId: result.resultId, fileType: 'acceptance', fileList },
          { idempotencyKey },
        )
      }
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
