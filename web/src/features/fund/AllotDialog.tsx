import { previewAllotment } from '@dpms/core';
import {
  errorMessage,
  type AllotLineBody,
  type BackMoneyRecord,
  type BackMoneyTask,
  type FundGateway,
} from '@dpms/http-client';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Figure, MoneyInput, type Option } from './fund-shared';

interface Line {
  deptId: string;
  taskId: string;
  allotAmount: string;
  remark: string;
}
const blank = (): Line => ({ deptId: '', taskId: '', allotAmount: '', remark: '' });

/**
 * 分配回款 (allot-design V2): one line per design team (and optionally one of its tasks). The sum
 * and what stays unallotted are previewed as typed with core's rule, and a form that over-allots
 * or holds a bad amount is refused here, before anything is sent.
 */
export function AllotDialog({
  backMoney,
  gateway,
  depts,
  onClose,
  onDone,
}: {
  backMoney: BackMoneyRecord;
  gateway: Pick<FundGateway, 'allotDesignV2' | 'taskList'>;
  depts: Option[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [lines, setLines] = useState<Line[]>([blank()]);
  const [tasks, setTasks] = useState<BackMoneyTask[]>([]);
  const [failure, setFailure] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    gateway
      .taskList(backMoney.backMoneyId)
      .then((t) => live && setTasks(t))
      .catch(() => live && setTasks([]));
    return () => {
      live = false;
    };
  }, [gateway, backMoney.backMoneyId]);

  const preview = previewAllotment(
    backMoney.unallottedAmount,
    lines.map((l) => l.allotAmount),
  );
  const missingDept = lines.findIndex((l) => l.allotAmount.trim() !== '' && l.deptId === '');
  const message =
    preview.message ?? (missingDept >= 0 ? `第${String(missingDept + 1)}行请选择设计部门` : null);
  const set = (i: number, patch: Partial<Line>) =>
    setLines((old) => old.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const submit = async () => {
    setTried(true);
    if (message !== null) return;
    const list: AllotLineBody[] = lines
      .filter((l) => l.allotAmount.trim() !== '')
      .map((l) => ({
        deptId: Number(l.deptId),
        ...(l.taskId === '' ? {} : { taskId: Number(l.taskId) }),
        allotAmount: l.allotAmount.trim(),
        ...(l.remark.trim() === '' ? {} : { remark: l.remark.trim() }),
      }));
    setBusy(true);
    setFailure('');
    try {
      await gateway.allotDesignV2(backMoney.backMoneyId, list);
      onDone();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="分配回款"
      width={860}
      closeOnClickOutside={false}
      testId="allot-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            loading={busy}
            disabled={tried && message !== null}
            onClick={() => void submit()}
          >
            确定
          </Button>
        </>
      }
    >
      <Figure label="项目名称" value={backMoney.projectName} />
      <Figure label="回款金额（万元）" value={backMoney.backAmount} />
      <Figure label="未分配（万元）" value={backMoney.unallottedAmount} testId="allot-unallotted" />
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="py-1">设计部门</th>
            <th>设计任务</th>
            <th>分配金额（万元）</th>
            <th>备注</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i} data-testid={`allot-line-${String(i)}`}>
              <td className="py-1 pr-2">
                <select
                  className="input"
                  aria-label={`第${String(i + 1)}行设计部门`}
                  value={l.deptId}
                  onChange={(e) => set(i, { deptId: e.target.value, taskId: '' })}
                >
                  <option value="">请选择</option>
                  {depts.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </td>
              <td className="pr-2">
                <select
                  className="input"
                  aria-label={`第${String(i + 1)}行设计任务`}
                  value={l.taskId}
                  onChange={(e) => set(i, { taskId: e.target.value })}
                >
                  <option value="">（不指定任务）</option>
                  {tasks
                    .filter((t) => String(t.deptId) === l.deptId)
                    .map((t) => (
                      <option key={t.taskId} value={String(t.taskId)}>
                        {t.taskNo} {t.taskName}（已分配{t.allottedAmount}）
                      </option>
                    ))}
                </select>
              </td>
              <td className="pr-2">
                <MoneyInput
                  aria-label={`第${String(i + 1)}行分配金额`}
                  value={l.allotAmount}
                  onChange={(v) => set(i, { allotAmount: v })}
                />
              </td>
              <td className="pr-2">
                <input
                  className="input"
                  aria-label={`第${String(i + 1)}行备注`}
                  maxLength={500}
                  value={l.remark}
                  onChange={(e) => set(i, { remark: e.target.value })}
                />
              </td>
              <td>
                {lines.length > 1 && (
                  <Button
                    size="sm"
                    variant="text"
                    onClick={() => setLines((old) => old.filter((_, j) => j !== i))}
                  >
                    删除
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="sm" className="mt-2" onClick={() => setLines((old) => [...old, blank()])}>
        添加一行
      </Button>
      <div className="mt-3 rounded border border-line bg-canvas px-3 py-2">
        <Figure label="本次分配合计（万元）" value={preview.total} testId="allot-total" />
        <Figure
          label="分配后未分配（万元）"
          value={
            <span className={preview.overAllotted ? 'text-danger-600' : ''}>
              {preview.remaining}
            </span>
          }
          testId="allot-remaining"
        />
      </div>
      {((tried && message !== null) || preview.overAllotted) && (
        <p role="alert" className="mt-2 text-sm text-danger-600" data-testid="allot-message">
          {message}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
