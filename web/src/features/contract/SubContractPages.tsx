import { contractChildActions, lixiangActions } from '@dpms/core';
import {
  errorMessage,
  exportQuery,
  type ChildPayRecord,
  type ContractChildRow,
  type ExtendSubContractRow,
  type LixiangRecord,
  type Page,
  type PageQuery,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage, type CrudGateway, type CrudFilter } from '../../components/crud/CrudPage';
import { DataTable } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { ChildPayFormDialog } from './ChildPayFormDialog';
import { CHILD_TYPE_OPTIONS, ContractChildFormDialog } from './ContractChildFormDialog';
import { ExtendSubContractFormDialog } from './ExtendSubContractFormDialog';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS, STATUS_OPTIONS } from './labels';
import { LixiangFormDialog } from './LixiangFormDialog';
import { useInstituteClock, type InstituteClock } from '../../components/time/institute-clock';

const money = (key: string, title: string) => ({ key, title, align: 'right' as const, sum: true });
/** A value as shown: a timestamp on the institute's clock, other text as it is. */
const show = (v: unknown, clock: InstituteClock): string =>
  v === null || v === undefined || v === ''
    ? '-'
    : typeof v === 'string'
      ? clock.instant(v)
      : JSON.stringify(v);
const options = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([value, label]) => ({ value, label }));

/**
 * A list's gateway that remembers the query the list last ran: the export sends what is on
 * screen (the searched filters), not the search form's unsearched edits.
 */
function useSearchedGateway<Row, F extends CrudFilter>(
  load: (q: PageQuery) => Promise<Page<Row>>,
): { gateway: CrudGateway<Row, F>; exportUrl: (path: string) => string } {
  const last = useRef<Record<string, unknown>>({});
  const gateway = useMemo<CrudGateway<Row, F>>(
    () => ({
      list: (q) => {
        last.current = q;
        return load(q);
      },
    }),
    [load],
  );
  return { gateway, exportUrl: (path) => `${path}${exportQuery(last.current)}` };
}

/** Runs a row action with its confirm and feedback, then reloads the list. */
function useRowAction() {
  const feedback = useService(TOKENS.Feedback);
  return async (
    done: string,
    action: () => Promise<unknown>,
    refetch: () => void,
    ask?: string,
  ) => {
    if (ask && !(await feedback.confirm({ title: '系统提示', message: ask }))) return;
    try {
      await action();
      feedback.success(done);
      refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };
}

function Facts({ pairs, data }: { pairs: [string, string][]; data: Record<string, unknown> }) {
  const clock = useInstituteClock();
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-2">
      {pairs.map(([key, label]) => (
        <div key={key} className="flex gap-2">
          <dt className="w-32 shrink-0 text-ink-soft">{label}</dt>
          <dd data-field={key} className="break-all">
            {show(data[key], clock)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const textButton = (label: string, onClick: () => void, testId?: string): ReactNode => (
  <Button size="sm" variant="text" onClick={onClick} data-testid={testId}>
    {label}
  </Button>
);

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

// ---- sub-contracts -----------------------------------------------------------------------------

type ChildFilter = {
  contractChildNo: string;
  receiveCompanyName: string;
  childType: string;
  status: string;
};
const CHILD_EMPTY: ChildFilter = {
  contractChildNo: '',
  receiveCompanyName: '',
  childType: '',
  status: '',
};

function ContractChildDetailDialog({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const q = useQuery({ queryKey: ['contract-child', id], queryFn: () => gateway.childDetail(id) });
  const [payForm, setPayForm] = useState<{ editing?: ChildPayRecord } | null>(null);
  const [extendOpen, setExtendOpen] = useState(false);
  const c = q.data;
  const reload = () => {
    void q.refetch();
    onChanged();
  };
  const target = c && {
    totalAmount: c.totalAmount,
    extendAmount: c.extendAmount ?? '0',
    paidAmount: c.paidAmount ?? '0',
    taxRate: c.taxRate,
  };
  return (
    <Dialog open onClose={onClose} title="分包合同详情" width={900} testId="contract-child-detail">
      {!c || !target ? (
        <p className="text-ink-soft">{q.error ? errorMessage(q.error) : '加载中…'}</p>
      ) : (
        <div className="space-y-4 text-sm">
          <Facts
            data={c}
            pairs={[
              ['contractChildNo', '分包合同编号'],
              ['contractName', '所属合同'],
              ['childTypeName', '分包类型'],
              ['receiveCompanyName', '收款单位'],
              ['paymentMethod', '付款方式'],
              ['statusName', '审批状态'],
              ['totalAmount', '分包金额（万元）'],
              ['extendAmount', '补充金额（万元）'],
              ['paidAmount', '已付金额（万元）'],
              ['canPayAmount', '可付金额（万元）'],
              ['taxRate', '税率'],
              ['content', '分包内容'],
            ]}
          />
          <section>
            <div className="mb-2 flex items-center justify-between">
              <h3 className="font-medium">付款记录</h3>
              <div className="flex gap-2">
                {(c.status === 1 || c.history) && (
                  <HasPermi perms={['project:extendSubContract:add']}>
                    <Button size="sm" onClick={() => setExtendOpen(true)}>
                      新增补充合同
                    </Button>
                  </HasPermi>
                )}
                <HasPermi perms={['project:contractChild:pay']}>
                  <Button
                    size="sm"
                    variant="primary"
                    data-testid="add-pay"
                    onClick={() => setPayForm({})}
                  >
                    登记付款
                  </Button>
                </HasPermi>
              </div>
            </div>
            <DataTable
              testId="child-pays"
              rowKey="payId"
              rows={c.pays}
              columns={[
                { key: 'payDate', title: '付款日期' },
                money('payAmount', '付款金额（万元）'),
                { key: 'taxRate', title: '税率' },
                money('realPayAmount', '实付金额（万元）'),
                { key: 'files', title: '附件', render: (p) => `${p.files.length}个` },
                { key: 'remark', title: '备注' },
                {
                  key: 'actions',
                  title: '操作',
                  render: (p) => (
                    <HasPermi perms={['project:contractChild:pay']}>
                      {textButton('修改', () => setPayForm({ editing: p }))}
                      {textButton(
                        '删除',
                        () =>
                          void run(
                            '删除成功',
                            () => gateway.deletePay(p.payId),
                            reload,
                            '是否确认删除该付款记录？',
                          ),
                      )}
                    </HasPermi>
                  ),
                },
              ]}
            />
          </section>
          {payForm && (
            <ChildPayFormDialog
              contractChildId={c.contractChildId}
              target={target}
              editing={payForm.editing}
              onClose={() => setPayForm(null)}
              onSaved={() => {
                setPayForm(null);
                reload();
              }}
            />
          )}
          {extendOpen && (
            <ExtendSubContractFormDialog
              target={{ contractChildId: c.contractChildId, ...target }}
              onClose={() => setExtendOpen(false)}
              onSaved={() => {
                setExtendOpen(false);
                reload();
              }}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}

/** 分包合同: sub-contracts (types 1-7) with paid, extended and payable amounts, forms and pay items. */
export function ContractChildListPage() {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const actor = useActionActor();
  const load = useMemo(() => (q: PageQuery) => contracts.childList(q), [contracts]);
  const { gateway, exportUrl } = useSearchedGateway<ContractChildRow, ChildFilter>(load);
  const [form, setForm] = useState<{ editing?: ContractChildRow } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const rowActions = (refetch: () => void) => (r: ContractChildRow) => (
    <>
      {textButton('详情', () => setOpen(r.contractChildId))}
      {contractChildActions.may('edit', r, actor) && (
        <>
          {textButton('修改', () => setForm({ editing: r }), 'edit-child')}
          {textButton(
            '提交审批',
            () =>
              void run(
                '已提交审批',
                () => contracts.childSubmit(r.contractChildId),
                refetch,
                `是否确认提交分包合同“${r.contractChildNo || r.receiveCompanyName}”的审批？`,
              ),
          )}
        </>
      )}
      {contractChildActions.may('remove', r, actor) &&
        textButton(
          '删除',
          () =>
            void run(
              '删除成功',
              () => contracts.childRemove(r.contractChildId),
              refetch,
              `是否确认删除分包合同“${r.contractChildNo || r.receiveCompanyName}”？`,
            ),
        )}
    </>
  );
  return (
    <CrudPage<ContractChildRow, ChildFilter>
      title="分包合同"
      noun="分包合同"
      queryKey="contract-children"
      gateway={gateway}
      filter={CHILD_EMPTY}
      rowKey="contractChildId"
      table={{ testId: 'contract-child-list' }}
      search={[
        { key: 'contractChildNo', label: '分包合同编号' },
        { key: 'receiveCompanyName', label: '收款单位' },
        {
          key: 'childType',
          label: '分包类型',
          type: 'select',
          options: options(CHILD_TYPE_OPTIONS),
        },
        { key: 'status', label: '审批状态', type: 'select', options: options(STATUS_OPTIONS) },
      ]}
      columns={(ctx) => {
        const actions = rowActions(ctx.refetch);
        return [
          { key: 'contractChildNo', title: '分包合同编号' },
          { key: 'contractName', title: '所属合同' },
          { key: 'childTypeName', title: '分包类型' },
          { key: 'receiveCompanyName', title: '收款单位' },
          { key: 'statusName', title: '审批状态' },
          money('totalAmount', '分包金额（万元）'),
          money('extendAmount', '补充金额（万元）'),
          money('paidAmount', '已付金额（万元）'),
          money('canPayAmount', '可付金额（万元）'),
          { key: 'actions', title: '操作', render: actions },
        ];
      }}
      headerActions={
        <>
          <HasPermi perms={['project:contractChild:add']}>
            <Button variant="primary" data-testid="add-child" onClick={() => setForm({})}>
              新增
            </Button>
          </HasPermi>
          <HasPermi perms={['project:contractChild:export']}>
            <Button onClick={() => void downloadExport(exportUrl('/v4/contractChild/export'))}>
              导出
            </Button>
          </HasPermi>
        </>
      }
    >
      {(ctx) => (
        <>
          {form && (
            <ContractChildFormDialog
              editing={form.editing}
              onClose={() => setForm(null)}
              onSaved={() => {
                setForm(null);
                ctx.refetch();
              }}
            />
          )}
          {open !== null && (
            <ContractChildDetailDialog
              id={open}
              onClose={() => setOpen(null)}
              onChanged={ctx.refetch}
            />
          )}
        </>
      )}
    </CrudPage>
  );
}

// ---- extended sub-contracts --------------------------------------------------------------------

type ExtendFilter = { extendNo: string };

/** Opens the edit form of an extension once its sub-contract's standing is read. */
function ExtendEditDialog({
  row,
  onClose,
  onSaved,
}: {
  row: ExtendSubContractRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const q = useQuery({
    queryKey: ['contract-child', row.contractChildId],
    queryFn: () => gateway.childDetail(row.contractChildId),
  });
  if (!q.data)
    return (
      <Dialog open onClose={onClose} title="修改补充分包合同" width={480}>
        <p className="text-ink-soft">{q.error ? errorMessage(q.error) : '加载中…'}</p>
      </Dialog>
    );
  return (
    <ExtendSubContractFormDialog
      target={{
        contractChildId: row.contractChildId,
        totalAmount: q.data.totalAmount,
        extendAmount: q.data.extendAmount ?? '0',
        paidAmount: q.data.paidAmount ?? '0',
      }}
      editing={row}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** 外委合同: the extended (supplementary) sub-contracts beside their sub-contract and contract. */
export function ExtendSubContractListPage() {
  const contracts = useService(TOKENS.ContractGateway);
  const run = useRowAction();
  const load = useMemo(() => (q: PageQuery) => contracts.extendList(q), [contracts]);
  const { gateway, exportUrl } = useSearchedGateway<ExtendSubContractRow, ExtendFilter>(load);
  const [editing, setEditing] = useState<ExtendSubContractRow | null>(null);
  const rowActions = (refetch: () => void) => (r: ExtendSubContractRow) => (
    <>
      <HasPermi perms={['project:extendSubContract:edit']}>
        {textButton('修改', () => setEditing(r))}
      </HasPermi>
      <HasPermi perms={['project:extendSubContract:remove']}>
        {textButton(
          '删除',
          () =>
            void run(
              '删除成功',
              () => contracts.extendRemove(r.extendId),
              refetch,
              `是否确认删除补充分包合同“${r.extendNo || r.extendId}”？`,
            ),
        )}
      </HasPermi>
    </>
  );
  return (
    <CrudPage<ExtendSubContractRow, ExtendFilter>
      title="外委合同"
      noun="补充分包合同"
      queryKey="extend-sub-contracts"
      gateway={gateway}
      filter={{ extendNo: '' }}
      rowKey="extendId"
      table={{ testId: 'extend-sub-contract-list' }}
      search={[{ key: 'extendNo', label: '补充合同编号' }]}
      columns={(ctx) => {
        const actions = rowActions(ctx.refetch);
        return [
          { key: 'extendNo', title: '补充合同编号' },
          { key: 'contractName', title: '所属合同' },
          { key: 'contractChildNo', title: '分包合同编号' },
          { key: 'childTypeName', title: '分包类型' },
          { key: 'receiveCompanyName', title: '收款单位' },
          money('childTotalAmount', '分包金额（万元）'),
          money('extendAmount', '补充金额（万元）'),
          { key: 'signDate', title: '签订日期' },
          { key: 'reason', title: '补充原因' },
          { key: 'createBy', title: '创建人' },
          { key: 'actions', title: '操作', render: actions },
        ];
      }}
      headerActions={
        <HasPermi perms={['project:extendSubContract:export']}>
          <Button onClick={() => void downloadExport(exportUrl('/v4/extendSubContract/export'))}>
            导出
          </Button>
        </HasPermi>
      }
    >
      {(ctx) =>
        editing && (
          <ExtendEditDialog
            row={editing}
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
