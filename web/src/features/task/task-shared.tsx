import { fieldErrorsOf, TaskGateway, type TaskChoice as Option } from '@dpms/http-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from '../../components/crud/action-keys';

/** What the task screens share: their gateway, choices, names, and the wire-checked form. */

export type { Option };

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
export const SEAL_TYPES: Option[] = [
  '公章',
  '节能章',
  '审图章',
  '出图章',
  '技术专用章',
  '工艺图章',
  '施工准备章',
  '注册建筑师章',
  '注册结构工程师章',
].map((label, i) => ({ value: String(i + 1), label }));
export const STEP_NAMES = {
  designHost: '设计主持确认',
  projectManager: '项目经理确认',
  department: '部门确认',
};

export const box = 'w-full rounded border border-line px-2 py-1.5 text-sm';

export function useTaskGateway(): TaskGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new TaskGateway(http), [http]);
}

export function useOptions(load: () => Promise<Option[]>, deps: unknown[] = []): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((o) => live && setOptions(o))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, deps);
  return options;
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

/**
 * A form that checks with the @dpms/wire body its call sends (react-hook-form's zodResolver over
 * core's rules): every field's problem shows at once beside its field, in core's words, before
 * anything is sent. `bodyOf` turns the typed values into that body; `alias` names the form field
 * a body field is typed in, where they differ. The form's saves share one `ActionKeys`, so each
 * keeps its Idempotency-Key across retries.
 */
export function useTaskWireForm<V extends FieldValues>(
  schema: () => z.ZodType,
  defaultValues: V,
  bodyOf: (values: V) => Record<string, unknown>,
  alias: Readonly<Record<string, string>> = {},
) {
  const keys = useRef(new ActionKeys());
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: async (values, context, options) => {
      const checked = await zodResolver(schema() as never, undefined, { raw: true })(
        bodyOf(values) as never,
        context,
        options as never,
      );
      // The typed values go on to the save, which builds its body from them again.
      if (Object.keys(checked.errors).length === 0) return { values, errors: {} };
      const errors = Object.fromEntries(
        Object.entries(checked.errors).map(([k, e]) => [alias[k] ?? k, e]),
      );
      return { values: {}, errors: errors as typeof checked.errors };
    },
  });
  return { form, keys: keys.current };
}

/**
 * The server's refusal: each field of the form it names gets its message beside the field; true
 * when any landed (otherwise the caller shows the message as a toast). `alias` names the form
 * field a body field is typed in (majorIds in the 专业 select).
 */
export function landRefusal<V extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<V>,
  alias: Readonly<Record<string, string>> = {},
): boolean {
  const onFields = fieldErrorsOf(error)
    .map((e) => ({ ...e, field: alias[e.field] ?? e.field }))
    .filter((e) => fields.includes(e.field));
  for (const e of onFields) setError(e.field as Path<V>, { type: 'server', message: e.message });
  return onFields.length > 0;
}
