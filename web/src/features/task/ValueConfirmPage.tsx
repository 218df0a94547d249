import type { ValueRow } from '@dpms/http-client';
import { useMemo, useRef, useState } from 'react';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { VALUE_TITLES, ValueDialog, type ValueKind } from './ValueDialog';
import { useTaskGateway } from './task-shared';

/** 产值确认: confirmed tasks with their output value; the manager or head confirms and pays. */
export function ValueConfirmPage() {
  const gateway = useTaskGateway();
  const [editing, setEditing] = useState<{ row: ValueRow; kind: ValueKind } | null>(null);
  // The export sends the filters the list last ran, not the search form's unsearched edits.
  const searched = useRef<Record<string, string | number>>({});
  const values = useMemo(
    () => ({
      list: (q: Record<string, string | number>) => {
        searched.current = q;
        return gateway.values(q);
      },
    }),
    [gateway],
  );
  return (
    <CrudPage<ValueRow, { taskName: string; projectName: string }>
      title="产值确认"
      noun="产值"
      queryKey="value-confirm"
      gateway={values}
      headerActions={
        <HasPermi perms={['project:valueConfirm:list']}>
          <Button
            data-testid="value-export"
            onClick={() => void downloadExport(gateway.confirmDetailExportUrl(searched.current))}
          >
            导出
          </Button>
        </HasPermi>
      }
      filter={{ taskName: '', projectName: '' }}
      search={[
        { key: 'taskName', label: '任务名称' },
        { key: 'projectName', label: '项目名称' },
      ]}
      rowKey="taskId"
      table={{ decimals: 6 }}
      columns={[
        { key: 'taskNo', title: '任务单号', width: 120 },
        { key: 'taskName', title: '任务名称' },
        { key: 'taskAmount', title: '任务产值（万元）', amount: true },
        { key: 'confirmFinishAmount', title: '确认完成产值（万元）', amount: true },
        { key: 'qualityDeposit', title: '质量保证金（万元）', amount: true },
        { key: 'readyPaid', title: '已发放（万元）', amount: true },
        { key: 'qualityPaid', title: '已发保证金（万元）', amount: true },
        {
          key: 'ops',
          title: '操作',
          render: (v) => (
            <>
              {(['finish', 'ready', 'quality'] as const).map((kind) => (
                <Button
                  key={kind}
                  size="sm"
                  variant="text"
                  onClick={() => setEditing({ row: v, kind })}
                >
                  {VALUE_TITLES[kind]}
                </Button>
              ))}
            </>
          ),
        },
      ]}
    >
      {(ctx) =>
        editing && (
          <ValueDialog
            row={editing.row}
            kind={editing.kind}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              ctx.refetch();
            }}
          />
        )
      }
    </CrudPage>
  );
}
