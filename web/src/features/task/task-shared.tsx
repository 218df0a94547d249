import { SEAL_TYPE_OPTIONS, templateOptionText, templateOptionValue } from '@dpms/core';
import type { TaskGateway } from '@dpms/http-client';
import { type TaskChoice as Option } from '@dpms/http-client';
import { useRef } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';
import { useOptions } from '../../components/form/money-form';

/** What the task screens share: their gateway, choices, names and keyed row actions. */

export type { Option };
/** Options loaded once: the money screens' own hook (TaskChoice is its Option). */
export { useOptions };

export const STAGES: Option[] = [
  { value: '1', label: '方案设计' },
  { value: '2', label: '初步设计' },
  { value: '3', label: '施工图设计' },
];
export const STATUS: Option[] = [
  { value: '0', label: '待设计主持确认' },
  { value: '1', label: '待项目经理确认' },
  { value: '2', label: '待部门确认' },
  { value: '3', label: '已确认' },
];
/** The seal types in core's words and codes, so the list, the form and the export agree. */
export const SEAL_TYPES: Option[] = SEAL_TYPE_OPTIONS.map((o) => ({
  value: templateOptionValue(o),
  label: templateOptionText(o),
}));
export const STEP_NAMES = {
  designHost: '设计主持确认',
  projectManager: '项目经理确认',
  department: '部门确认',
};

export const box = 'w-full rounded border border-line px-2 py-1.5 text-sm';

export function useTaskGateway(): TaskGateway {
  return useService(TOKENS.TaskGateway);
}

/** The confirmed sheets, as the choices of a result upload or a seal request. */
export function useConfirmedTasks(deps: unknown[] = []): Option[] {
  const gateway = useTaskGateway();
  return useOptions(
    () =>
      gateway
        .list({ pageNum: 1, pageSize: 1000, status: '3' })
        .then((p) =>
          p.rows.map((t) => ({ value: String(t.taskId), label: `${t.taskNo} ${t.taskName}` })),
        ),
    deps,
  );
}

/**
 * A row action of a screen (a confirmation, 提交审批, 确认成果): it carries the action's
 * Idempotency-Key, kept while its answer is outstanding, so a double click or a retry after a
 * lost answer is applied once. Shows 操作成功 or the server's message; reloads the list when what
 * is shown may be out of date.
 */
export function useKeyedAct() {
  const feedback = useService(TOKENS.Feedback);
  const keys = useRef(new ActionKeys());
  return async (
    slot: string,
    run: (idempotencyKey: string) => Promise<unknown>,
    done: () => void,
    success = '操作成功',
  ) => {
    const outcome = await keys.current.run(slot, run);
    if (outcome.ok) {
      feedback.success(success);
      done();
      return;
    }
    feedback.error(outcome.message);
    if (outcome.reload) done();
  };
}
