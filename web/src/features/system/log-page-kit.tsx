import { serializeParams, type Page } from '@dpms/http-client';
import { useMemo, useRef } from 'react';
import { HasPermi } from '../../components/auth/Access';
import type { CrudFilter } from '../../components/crud/CrudPage';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
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
    const { pageNum: _n, pageSize: _s, ...rest } = last.current;
    void _n;
    void _s;
    const search = serializeParams(rest);
    return search ? `${path}?${search}` : path;
  };
  return { list, exportPath };
}

/** 清空 and 导出 of a log page, each behind its permission. */
export function LogHeaderActions(props: {
  what: string;
  perms: { remove: string; export: string };
  clean: (idempotencyKey: string) => Promise<unknown>;
  exportPath: () => string;
  refetch: () => void;
}) {
  const confirmed = useConfirmedAction();
  return (
    <>
      <HasPermi perms={[props.perms.remove]}>
        <Button
          variant="danger"
          onClick={() =>
            void confirmed({
              ask: `是否确认清空所有${props.what}数据项？`,
              slot: `clean:${props.what}`,
              action: props.clean,
              done: '清空成功',
              refetch: props.refetch,
            })
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
