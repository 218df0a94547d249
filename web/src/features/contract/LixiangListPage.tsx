import {
  LIXIANG_CHANGEABLE_FIELDS,
  lixiangActions,
  lixiangFieldLabel,
  LIXIANG_SORT_COLUMNS,
} from '@dpms/core';
import {
  errorMessage,
  type ContractGateway,
  type LixiangRecord,
  type PageQuery,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { Dialog } from '../../components/ui/Dialog';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS, STATUS_OPTIONS } from './labels';
import { LixiangChangeDialog } from './LixiangChangeDialog';
import { LixiangFormDialog } from './LixiangFormDialog';
import { RecordListPage } from './record-list-page';
import { Facts, money, options, textButton } from './sub-record-page-kit';

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
              ['createByName', '创建人'],
              ['createTime', '创建时间'],
            ]}
          />
          <Facts data={q.data} pairs={FEE_FIELDS.map(([k, l]) => [k, `${l}（万元）`])} />
          <LixiangChanges lxId={lxId} />
        </div>
      )}
    </Dialog>
  );
}

/** 变更记录: each filing change, its fields before → after by label, its reason and status. */
function LixiangChanges({ lxId }: { lxId: number }) {
  const gateway = useService(TOKENS.ContractGateway);
  const q = useQuery({
    queryKey: ['lixiang-changes', lxId],
    queryFn: () => gateway.lixiangChanges(lxId),
  });
  const rows = q.data ?? [];
  if (rows.length === 0) return null;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '（空）');
  return (
    <section data-testid="lixiang-changes" className="space-y-1 text-sm">
      <h3 className="font-medium">变更记录</h3>
      {rows.map((c) => (
        <div key={c.changeId} className="rounded-control border border-line px-3 py-2">
          <p>{`${c.createByName} · ${c.statusName} · 变更原因：${c.reason}`}</p>
          {LIXIANG_CHANGEABLE_FIELDS.filter((f) => c.previous[f] !== c.proposed[f]).map((f) => (
            <p key={f} className="text-ink-soft">
              {lixiangFieldLabel(f)}：{text(c.previous[f])} → {text(c.proposed[f])}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}

const loadLixiang = (contracts: ContractGateway, q: PageQuery) => contracts.lixiangList(q);

/** A formal filing (approved or 补录) is changed only through 备案变更 (12_x), never edited. */
const isFormal = (r: LixiangRecord) => r.status === 1 || r.history;

/**
 * 项目立项: the filings with their fee split, filters, add/edit forms, 变更 of a formal filing
 * and the .xlsx exports.
 */
export function LixiangListPage() {
  const actor = useActionActor();
  const [changing, setChanging] = useState<{ row: LixiangRecord; refetch: () => void } | null>(
    null,
  );
  return (
    <>
      <RecordListPage<LixiangRecord, LxFilter>
        title="项目立项"
        noun="立项备案"
        queryKey="lixiang"
        sortColumns={LIXIANG_SORT_COLUMNS}
        rowKey="lxId"
        testId="lixiang-list"
        idOf={(r) => r.lxId}
        filter={LX_EMPTY}
        load={loadLixiang}
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
        columns={[
          { key: 'lxNo', title: '立项编号' },
          { key: 'projectName', title: '项目名称' },
          { key: 'bizSourceName', title: '业务来源' },
          { key: 'statusName', title: '审批状态' },
          { key: 'history', title: '历史备案', render: (r) => (r.history ? '是' : '否') },
          money('totalAmount', '合同金额（万元）'),
          money('realAmount', '实际金额（万元）'),
          money('designFee', '设计费（万元）'),
          money('operateFee', '经营费（万元）'),
          { key: 'createByName', title: '创建人' },
        ]}
        editable={(r) => lixiangActions.may('edit', r, actor)}
        editTestId="edit-lixiang"
        submit={{
          call: (contracts, r) => contracts.lixiangSubmit(r.lxId),
          ask: (r) => `是否确认提交“${r.projectName}”的立项备案审批？`,
        }}
        more={(r, refetch) =>
          isFormal(r) && (
            <HasPermi perms={[lixiangActions.permissions.edit]}>
              {textButton('变更', () => setChanging({ row: r, refetch }), 'change-lixiang')}
            </HasPermi>
          )
        }
        add={{ perm: 'project:lixiang:add', testId: 'add-lixiang' }}
        exports={{
          perm: 'project:lixiang:export',
          buttons: [
            { label: '导出', path: '/v4/lixiang/export', searched: true },
            { label: '导出修改记录', path: '/project/lixiang/exportByModify' },
          ],
        }}
        form={(props) => <LixiangFormDialog {...props} />}
        detail={({ id, onClose }) => <LixiangDetailDialog lxId={id} onClose={onClose} />}
        askedBy="lxId"
      />
      {changing && (
        <LixiangChangeDialog
          filing={changing.row}
          onClose={() => setChanging(null)}
          onSent={() => {
            changing.refetch();
            setChanging(null);
          }}
        />
      )}
    </>
  );
}
