import { FUND_TEXT_MAX, previewAllotment, displayAmount, displayExactAmount } from '@dpms/core';
import type { AllotLineBody, BackMoneyRecord, BackMoneyTask, FundGateway } from '@dpms/http-client';
import { allotV2Body, requiredFundFields } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { ActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Figure, MoneyInput, type Option } from './fund-shared';

interface Line {
  deptId: string;
  taskId: string;
  allotAmount: string;
  remark: string;
}
interface AllotValues {
  lines: Line[];
}
type LineField = keyof Line;
const LINE_FIELDS: readonly string[] = ['deptId', 'taskId', 'allotAmount', 'remark'];
const blank = (): Line => ({ deptId: '', taskId: '', allotAmount: '', remark: '' });
/** What core requires of a line (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredFundFields.allot);

/** The lines sent: those with an amount (a line left without one is ignored), by form index. */
const sentLines = (lines: readonly Line[]): number[] =>
  lines.flatMap((l, i) => (l.allotAmount.trim() === '' ? [] : [i]));

/** The body a form sends: the lines with an amount, as typed (the schema reads ids from text). */
const bodyOf = (backMoneyId: number, lines: readonly Line[]) => ({
  backMoneyId,
  list: sentLines(lines).map((i) => lines[i]),
});

/**
 * Where a problem of the body lands: a sent line's field on the form's line it came from (`kept`
 * maps the body's index to the form's), the list's own problem (over-allotting) on the form.
 */
const onLine =
  (kept: readonly number[]) =>
  (path: readonly string[]): string | null => {
    const [head, index, field] = path;
    if (head !== 'list') return null;
    if (index === undefined) return 'root';
    const formIndex = kept[Number(index)];
    return formIndex !== undefined && field !== undefined && LINE_FIELDS.includes(field)
      ? `lines.${String(formIndex)}.${field}`
      : null;
  };

/**
 * 分配回款 (allot-design V2): one line per design team (and optionally one of its tasks). The sum
 * and what stays unallotted are previewed as typed with core's rule, and a form that over-allots
 * is refused here, before anything is sent. Each line is checked with the @dpms/wire body the call
 * sends (react-hook-form's zodResolver): every line's problem shows beside its cell at once, in
 * core's words, and a server refusal naming a line's field (`list[1].deptId`) lands there. The save
 * carries the dialog's Idempotency-Key, kept while its answer is outstanding.
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
  const keys = useRef(new ActionKeys());
  // The wire body's check (`allotV2Body`) over the lines with an amount, each problem put back on
  // the form's line it came from.
  const form = useForm<AllotValues>({
    defaultValues: { lines: [blank()] },
    resolver: wireResolver<AllotValues>(allotV2Body, {
      bodyOf: (values) => bodyOf(backMoney.backMoneyId, values.lines),
      alias: (path, _body, values) => onLine(sentLines((values as AllotValues).lines))(path),
    }),
  });
  const { control, register, setValue, setError, handleSubmit, formState } = form;
  const rows = useFieldArray({ control, name: 'lines' });
  const lines = (useWatch({ control, name: 'lines' }) as Line[] | undefined) ?? [];
  const [tasks, setTasks] = useState<BackMoneyTask[]>([]);
  const [failure, setFailure] = useState('');
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
  // Over-allotting needs the stored balance, so it is the preview's (core's rule), not the body's.
  const message = preview.overAllotted ? preview.message : (formState.errors.root?.message ?? null);
  const problem = (i: number, field: LineField) => {
    const text = formState.errors.lines?.[i]?.[field]?.message;
    return text ? (
      <p role="alert" className="mt-1 text-xs text-danger-600">
        {text}
      </p>
    ) : null;
  };

  /** The server's refusal: a line's field it names gets its message; anything else shows below. */
  const showRefusal = (error: unknown, fallback: string, kept: readonly number[]) => {
    if (!landRefusal(error, () => true, setError, onLine(kept))) setFailure(fallback);
  };

  const send = async (values: AllotValues) => {
    if (preview.overAllotted) return;
    const kept = sentLines(values.lines);
    const list: AllotLineBody[] = kept.map((i) => {
      const l = values.lines[i] ?? blank();
      return {
        deptId: Number(l.deptId),
        ...(l.taskId === '' ? {} : { taskId: Number(l.taskId) }),
        allotAmount: l.allotAmount.trim(),
        ...(l.remark.trim() === '' ? {} : { remark: l.remark.trim() }),
      };
    });
    setBusy(true);
    setFailure('');
    const done = await keys.current.run('allot', (idempotencyKey) =>
      gateway.allotDesignV2(backMoney.backMoneyId, list, { idempotencyKey }),
    );
    setBusy(false);
    if (done.ok) onDone();
    else showRefusal(done.error, done.message, kept);
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
            disabled={preview.overAllotted}
            onClick={() => void handleSubmit(send)()}
          >
            确定
          </Button>
        </>
      }
    >
      <Figure label="项目名称" value={backMoney.projectName} />
      <Figure label="回款金额（万元）" value={displayAmount(backMoney.backAmount)} />
      <Figure
        label="未分配（万元）"
        value={displayExactAmount(backMoney.unallottedAmount)}
        testId="allot-unallotted"
      />
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-ink-soft">
            <th className="py-1">
              {REQUIRED.has('deptId') && <span className="mr-0.5 text-danger-500">*</span>}
              设计部门
            </th>
            <th>设计任务</th>
            <th>
              {REQUIRED.has('allotAmount') && <span className="mr-0.5 text-danger-500">*</span>}
              分配金额（万元）
            </th>
            <th>备注</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, i) => {
            const l = lines[i] ?? blank();
            const n = String(i + 1);
            return (
              <tr key={row.id} data-testid={`allot-line-${String(i)}`} className="align-top">
                <td className="py-1 pr-2">
                  <select
                    className="input"
                    aria-label={`第${n}行设计部门`}
                    aria-required={REQUIRED.has('deptId')}
                    {...register(`lines.${i}.deptId`, {
                      onChange: () => setValue(`lines.${i}.taskId`, ''),
                    })}
                  >
                    <option value="">请选择</option>
                    {depts.map((d) => (
                      <option key={d.value} value={d.value}>
                        {d.label}
                      </option>
                    ))}
                  </select>
                  {problem(i, 'deptId')}
                </td>
                <td className="pr-2">
                  <select
                    className="input"
                    aria-label={`第${n}行设计任务`}
                    {...register(`lines.${i}.taskId`)}
                  >
                    <option value="">（不指定任务）</option>
                    {tasks
                      .filter((t) => String(t.deptId) === l.deptId)
                      .map((t) => (
                        <option key={t.taskId} value={String(t.taskId)}>
                          {t.taskNo} {t.taskName}（已分配{displayAmount(t.allottedAmount)}）
                        </option>
                      ))}
                  </select>
                  {problem(i, 'taskId')}
                </td>
                <td className="pr-2">
                  <Controller
                    control={control}
                    name={`lines.${i}.allotAmount`}
                    render={({ field: f }) => (
                      <MoneyInput
                        aria-label={`第${n}行分配金额`}
                        value={f.value}
                        onChange={f.onChange}
                      />
                    )}
                  />
                  {problem(i, 'allotAmount')}
                </td>
                <td className="pr-2">
                  <input
                    className="input"
                    aria-label={`第${n}行备注`}
                    maxLength={FUND_TEXT_MAX}
                    {...register(`lines.${i}.remark`)}
                  />
                  {problem(i, 'remark')}
                </td>
                <td>
                  {rows.fields.length > 1 && (
                    <Button size="sm" variant="text" onClick={() => rows.remove(i)}>
                      删除
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button size="sm" className="mt-2" onClick={() => rows.append(blank())}>
        添加一行
      </Button>
      <div className="mt-3 rounded border border-line bg-canvas px-3 py-2">
        <Figure
          label="本次分配合计（万元）"
          value={displayExactAmount(preview.total)}
          testId="allot-total"
        />
        <Figure
          label="分配后未分配（万元）"
          value={
            <span className={preview.overAllotted ? 'text-danger-600' : ''}>
              {displayExactAmount(preview.remaining)}
            </span>
          }
          testId="allot-remaining"
        />
      </div>
      {message !== null && (
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
