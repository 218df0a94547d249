import {
  RESULT_SEAL_TITLES,
  RESULT_SEAL_TYPE_CODE,
  RESULT_SEAL_TYPE_CODES,
  type ResultSealTypeCode,
} from '@dpms/core';
import type { SealRow } from '@dpms/http-client';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { box } from './task-shared';

/**
 * 提交审批 of a seal request: as the result seal (13_1, the default) or as the technical seal
 * (25_1, 25_2). Either approval names the results listed here and stamps them when approved.
 */
export function SealSubmitDialog({
  seal,
  busy = false,
  onClose,
  onSubmit,
}: {
  seal: SealRow;
  busy?: boolean;
  onClose: () => void;
  onSubmit: (typeCode: ResultSealTypeCode) => void;
}) {
  const [typeCode, setTypeCode] = useState<ResultSealTypeCode>(RESULT_SEAL_TYPE_CODE);
  return (
    <Dialog
      open
      onClose={onClose}
      title="提交盖章审批"
      width={480}
      testId="seal-submit"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => onSubmit(typeCode)}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <div>
          任务单：{seal.taskNo} {seal.taskName}
        </div>
        <div data-testid="seal-submit-results">
          盖章成果：{seal.resultList.map((r) => r.fileName).join('、')}
        </div>
        <Field label="审批类型" required>
          <select
            className={box}
            aria-label="审批类型"
            value={typeCode}
            onChange={(e) => setTypeCode(e.target.value as ResultSealTypeCode)}
          >
            {RESULT_SEAL_TYPE_CODES.map((c) => (
              <option key={c} value={c}>
                {c} {RESULT_SEAL_TITLES[c]}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </Dialog>
  );
}
