import { errorMessage, newIdempotencyKey, type Page } from '@dpms/http-client';
import { useMemo, useRef } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import type { CrudFilter } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';

/** A log list's filter with RuoYi's date range, which travels as params[beginTime]/[endTime]. */
export type DatedFilter = CrudFilter & { beginTime: string; endTime: string };

/**
 * A log list that remembers what it last asked for, so 导出 exports what the table shows: the
 * filter applied, with the date range as RuoYi's params.
 */
export function useDatedList<Row, F extends DatedFilter>(
  load: (q: Record<string, unknown>) => Promise<Page<Row>>,
) {
  const last = useRef<Record<string, unknown>>({});
  const list = useMemo(
    () =>
      ({ beginTime, endTime, ...rest }: F & { pageNum: number; pageSize: number }) => {
        const q = { ...rest, params: { beginTime, endTime } };
        last.current = q;
        return load(q);
      },
    [load],
  );
  const exportPath = (path: string): string => {
    const { pageNum: _n, pageSize: _s, params, ...rest } = last.current;
    void _n;
    void _s;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(rest))
      if ((typeof v === 'string' && v !== '') || typeof v === 'number') search.set(k, String(v));
    for (const [k, v] of Object.entries((params ?? {}) as Record<string, string>))
      if (v) search.set(`params[${k}]`, v);
    const s = search.toString();
    return s ? `${path}?${s}` : path;
  };
  return { list, exportPath };
}

/** Runs a confirmed action with one Idempotency-Key, tells its outcome and reloads the list. */
export function useConfirmedAction() {
  const feedback = useService(TOKENS.Feedback);
  return async (
    ask: string,
    action: (idempotencyKey: string) => Promise<unknown>,
    done: string,
    refetch: () => void,
  ): Promise<void> => {
    if (!(await feedback.confirm({ title: '系统提示', message: ask }))) return;
    try {
      await action(newIdempotencyKey());
      feedback.success(done);
    } catch (error) {
      feedback.error(errorMessage(error));
    }
    refetch();
  };
}

/** 清空 and 导出 of a log page, each behind its permission. */
export function LogHeaderActions(props: {
  what: string;
  perms: { remove: string; export: string };
  clean: (idempotencyKey: string) => Promise<unknown>;
  exportPath: () => string;
  refetch: () => void;
}) {
  const run = useConfirmedAction();
  return (
    <>
      <HasPermi perms={[props.perms.remove]}>
        <Button
          variant="danger"
          onClick={() =>
            void run(
              `是否确认清空所有${props.what}数据项？`,
              props.clean,
              '清空成功',
              props.refetch,
            )
          }
        >
          清空
        </Button>
      </HasPermi>
      <HasPermi perms={[props.perms.export]}>
        <Button onClick={() => void downloadExport(props.exportPath())}>导出</Button>
      </HasPermi>
    </>
  );
}
