import { lixiangActions } from '@dpms/core';
import { errorMessage, type LixiangRecord, type PageQuery } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS, STATUS_OPTIONS } from './labels';
import { LixiangFormDialog } from './LixiangFormDialog';
import {
  useSearchedGateway,
  useRowAction,
  Facts,
  textButton,
  money,
  options,
} from './sub-record-page-kit';

// ---- project filing (lixiang) ------------------------------------------------------------------

type LxFilter = { projectName: string; lxNo: string; bizSource: string; status: string };
const LX_EMPTY: LxFilter = { projectName: '', lxNo: '', bizSource: '', status: '' };

function LixiangDetailDialog({ lxId, onClose }: { lxId: number; onClose: () => void }) {
  const gateway = useService(TOKENS.ContractGateway);
  const q = useQuery({ queryKey: ['lixiang', lxId], queryFn: () => gateway.lixiangDetail(lxId) });
  return (
    <Dialog open onClose={onClose} title="立项详情" width={860} testId="lixiang-detail">
      {!q.data ? (
        <p className="text-ink-soft">{q.error ? errorMessage(q.error) : '加载中…'}</p>
      ) : (
        <div className="space-y-4">
          <Facts
            data={q.data}
            pairs={[
              ['lxNo', '立项编号'],
              ['projectName', '项目名称'],
              ['bizSourceName', '业务来源'],
              ['statusName', '审批状态'],
              ['totalAmount', '合同金额（万元）'],
              ['cleanAmount', '合同净额（万元）'],
              ['remark', '备注'],
              ['createBy', '创建人'],
              ['createTime', '创建时间'],
            ]}
          />
          <Facts data={q.data} pairs={FEE_FIELDS.map(([k, l]) => [k, `${l}（万元）`])} />
        </div>
      )}
    </Dialog>
  );
}

/** 项目立项: the filings with their fee split, filters, add/edit forms and the .xlsx exports. */
export function LixiangListPage() {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const actor = useActionActor();
  const load = useMemo(() => (q: PageQuery) => contracts.lixiangList(q), [contracts]);
  const { gateway, exportUrl } = useSearchedGateway<LixiangRecord, LxFilter>(load);
  const [form, setForm] = useState<{ editing?: LixiangRecord } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const rowActions = (refetch: () => void) => (r: LixiangRecord) => (
    <>
      {textButton('详情', () => setOpen(r.lxId))}
      {lixiangActions.may('edit', r, actor) && (
        <>
          {textButton('修改', () => setForm({ editing: r }), 'edit-lixiang')}
          {textButton(
            '提交审批',
            () =>
              void run(
                '已提交审批',
                () => contracts.lixiangSubmit(r.lxId),
                refetch,
                `是否确认提交“${r.projectName}”的立项备案审批？`,
              ),
          )}
        </>
      )}
    </>
  );
  return (
    <CrudPage<LixiangRecord, LxFilter>
      title="项目立项"
      noun="立项备案"
      queryKey="lixiang"
      gateway={gateway}
      filter={LX_EMPTY}
      rowKey="lxId"
      table={{ testId: 'lixiang-list' }}
      search={[
        { key: 'projectName', label: '项目名称' },
        { key: 'lxNo', label: '立项编号' },
        {
          key: 'bizSource',
          label: '业务来源',
          type: 'select',
          options: options(BIZ_SOURCE_OPTIONS),
        },
        { key: 'status', label: '审批状态', type: 'select', options: options(STATUS_OPTIONS) },
      ]}
      columns={(ctx) => {
        const actions = rowActions(ctx.refetch);
        return [
          { key: 'lxNo', title: '立项编号' },
          { key: 'projectName', title: '项目名称' },
          { key: 'bizSourceName', title: '业务来源' },
          { key: 'statusName', title: '审批状态' },
          { key: 'history', title: '历史备案', render: (r) => (r.history ? '是' : '否') },
          money('totalAmount', '合同金额（万元）'),
          money('realAmount', '实际金额（万元）'),
          money('designFee', '设计费（万元）'),
          money('operateFee', '经营费（万元）'),
          { key: 'createBy', title: '创建人' },
          { key: 'actions', title: '操作', render: actions },
        ];
      }}
      headerActions={
        <>
          <HasPermi perms={['project:lixiang:add']}>
            <Button variant="primary" data-testid="add-lixiang" onClick={() => setForm({})}>
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={['project:lixiang:export']}>
            <Button onClick={() => void downloadExport(exportUrl('/v4/lixiang/export'))}>
              导出
            </Button>
            <Button onClick={() => void downloadExport('/project/lixiang/exportByModify')}>
              导出修改记录
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {form && (
            <LixiangFormDialog
              editing={form.editing}
              onClose={() => setForm(null)}
              onSaved={() => {
                setForm(null);
                ctx.refetch();
              }}
            />
          )}
          {open !== null && <LixiangDetailDialog lxId={open} onClose={() => setOpen(null)} />}
        </>
      )}
    </CrudPage>
  );
}
