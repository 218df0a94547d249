import type { SealRow } from '@dpms/http-client';
import { useState } from 'react';
import { Field } from '../../components/ui/Field';
import { FileIdsDialog, resultLabel } from './FileIdsDialog';
import { box, useTaskGateway } from './task-shared';

/**
 * 上传盖章扫描件: the stamped scans of an approved request, uploaded back on the result they stamp
 * (one of the request's results; the only one is chosen for the person).
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
  const [resultId, setResultId] = useState(
    seal.resultList.length === 1 ? String(seal.resultList[0]?.resultId) : '',
  );
  return (
    <FileIdsDialog
      title="上传盖章扫描件"
      testId="seal-scan-form"
      fieldLabel="扫描件"
      actionKey={`scan:${seal.resultSealId}`}
      send={(fileList, idempotencyKey) =>
        gateway.uploadSealScans(
          {
            resultSealId: seal.resultSealId,
            ...(resultId === '' ? {} : { resultId: Number(resultId) }),
            fileList,
          },
          { idempotencyKey },
        )
      }
      onClose={onClose}
      onSaved={onSaved}
    >
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
                {resultLabel(r)}
              </option>
            ))}
          </select>
        </Field>
      )}
    </FileIdsDialog>
  );
}
