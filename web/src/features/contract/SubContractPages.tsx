import { CHILD_TYPE_LABELS } from '@dpms/core';
import {
  errorMessage,
  exportQuery,
  type ContractChildRecord,
  type ExtendSubContractRecord,
  type LixiangRecord,
} from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { PageCard, SearchBar, SearchField } from '../../components/ui/Page';
import { downloadFile } from '../../components/upload';
import { AmountInput } from './AmountInput';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS, STATUS_OPTIONS } from './labels';

const money = (key: string, title: string) => ({ key, title, align: 'right' as const, sum: true });
const show = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '-' : typeof v === 'string' ? v : JSON.stringify(v);

function Facts({ pairs, data }: { pairs: [string, string][]; data: Record<string, unknown> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm md:grid-cols-2">
      {pairs.map(([key, label]) => (
        <div key={key} className="flex gap-2">
          <dt className="w-32 shrink-0 text-ink-soft">{label}</dt>
          <dd data-field={key} className="break-all">
            {show(data[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// ---- project filing (lixiang) ------------------------------------------------------------------

interface LxFilter extends Record<string, unknown> {
  projectName: string;
  lxNo: string;
  bizSource: string;
  status: string;
}
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

/** 项目立项: the filings with their fee split, filters and the .xlsx exports. */
export function LixiangListPage() {
  const gateway = useService(TOKENS.ContractGateway);
  const list = useListQuery<LixiangRecord, LxFilter>('lixiang', LX_EMPTY, (q) =>
    gateway.lixiangList(q),
  );
  const [open, setOpen] = useState<number | null>(null);
  const d = list.draft;
  const columns: Column<LixiangRecord>[] = [
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
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <Button size="sm" variant="text" onClick={() => setOpen(r.lxId)}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <PageCard
      title="项目立项"
      actions={
        <HasPermi perms={['project:lixiang:export']}>
          <Button onClick={() => void downloadFile(`/v4/lixiang/export${exportQuery(list.draft)}`)}>
            导出
          </Button>
          <Button onClick={() => void downloadFile('/project/lixiang/exportByModify')}>
            导出修改记录
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="项目名称">
          <input
            className="input"
            value={d.projectName}
            onChange={(e) => list.setDraft({ ...d, projectName: e.target.value })}
          />
        </SearchField>
        <SearchField label="立项编号">
          <input
            className="input"
            value={d.lxNo}
            onChange={(e) => list.setDraft({ ...d, lxNo: e.target.value })}
          />
        </SearchField>
        <SearchField label="业务来源">
          <select
            className="input"
            value={d.bizSource}
            onChange={(e) => list.setDraft({ ...d, bizSource: e.target.value })}
          >
            <option value="">全部</option>
            {BIZ_SOURCE_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </SearchField>
        <SearchField label="审批状态">
          <select
            className="input"
            value={d.status}
            onChange={(e) => list.setDraft({ ...d, status: e.target.value })}
          >
            <option value="">全部</option>
            {STATUS_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </SearchField>
      </SearchBar>
      <DataTable
        testId="lixiang-list"
        columns={columns}
        rows={list.rows}
        rowKey="lxId"
        loading={list.loading}
        error={list.error}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
      />
      {open !== null && <LixiangDetailDialog lxId={open} onClose={() => setOpen(null)} />}
    </PageCard>
  );
}

// ---- sub-contracts -----------------------------------------------------------------------------

interface ChildFilter extends Record<string, unknown> {
  contractChildNo: string;
  receiveCompanyName: string;
  childType: string;
  status: string;
}
const CHILD_EMPTY: ChildFilter = {
  contractChildNo: '',
  receiveCompanyName: '',
  childType: '',
  status: '',
};
const CHILD_TYPE_OPTIONS = Object.entries<string>(CHILD_TYPE_LABELS);

function ContractChildDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const q = useQuery({ queryKey: ['contract-child', id], queryFn: () => gateway.childDetail(id) });
  const [pay, setPay] = useState({ payAmount: '', taxRate: '', payDate: '', remark: '' });
  const c = q.data;
  const addPay = async () => {
    if (pay.payAmount === '') {
      feedback.error('请输入付款金额');
      return;
    }
    try {
      await gateway.addPay({
        contractChildId: id,
        payAmount: pay.payAmount,
        ...(pay.taxRate ? { taxRate: pay.taxRate } : {}),
        ...(pay.payDate ? { payDate: pay.payDate } : {}),
        remark: pay.remark,
      });
      setPay({ payAmount: '', taxRate: '', payDate: '', remark: '' });
      feedback.success('付款已登记');
      void q.refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };
  const deletePay = async (payId: number) => {
    if (!(await feedback.confirm({ title: '系统提示', message: '是否确认删除该付款记录？' })))
      return;
    try {
      await gateway.deletePay(payId);
      feedback.success('删除成功');
      void q.refetch();
    } catch (error) {
      feedback.error(errorMessage(error));
    }
  };
  return (
    <Dialog open onClose={onClose} title="分包合同详情" width={900} testId="contract-child-detail">
      {!c ? (
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
              ['content', '分包内容'],
            ]}
          />
          <section>
            <h3 className="mb-2 font-medium">付款记录</h3>
            <DataTable
              testId="child-pays"
              rowKey="payId"
              rows={c.pays}
              columns={[
                { key: 'payDate', title: '付款日期' },
                money('payAmount', '付款金额（万元）'),
                { key: 'taxRate', title: '税率' },
                money('realPayAmount', '实付金额（万元）'),
                { key: 'remark', title: '备注' },
                {
                  key: 'actions',
                  title: '操作',
                  render: (p) => (
                    <Button size="sm" variant="text" onClick={() => void deletePay(p.payId)}>
                      删除
                    </Button>
                  ),
                },
              ]}
            />
          </section>
          <HasPermi perms={['project:contractChild:pay']}>
            <section className="grid gap-3 rounded-card border border-line p-3 md:grid-cols-2">
              <Field label="付款金额" required hint="万元">
                <AmountInput
                  aria-label="付款金额"
                  value={pay.payAmount}
                  onChange={(v) => setPay({ ...pay, payAmount: v })}
                />
              </Field>
              <Field label="税率" hint="如 0.06">
                <input
                  className="input"
                  aria-label="税率"
                  value={pay.taxRate}
                  onChange={(e) =>
                    setPay({ ...pay, taxRate: e.target.value.replace(/[^0-9.]/g, '') })
                  }
                />
              </Field>
              <Field label="付款日期">
                <input
                  type="date"
                  className="input"
                  aria-label="付款日期"
                  value={pay.payDate}
                  onChange={(e) => setPay({ ...pay, payDate: e.target.value })}
                />
              </Field>
              <Field label="备注">
                <input
                  className="input"
                  aria-label="备注"
                  maxLength={500}
                  value={pay.remark}
                  onChange={(e) => setPay({ ...pay, remark: e.target.value })}
                />
              </Field>
              <div className="md:col-span-2 flex justify-end">
                <Button variant="primary" onClick={() => void addPay()}>
                  登记付款
                </Button>
              </div>
            </section>
          </HasPermi>
        </div>
      )}
    </Dialog>
  );
}

/** 分包合同: sub-contracts (types 1-7) with paid, extended and payable amounts. */
export function ContractChildListPage() {
  const gateway = useService(TOKENS.ContractGateway);
  const list = useListQuery<ContractChildRecord, ChildFilter>(
    'contract-children',
    CHILD_EMPTY,
    (q) => gateway.childList(q),
  );
  const [open, setOpen] = useState<number | null>(null);
  const d = list.draft;
  const columns: Column<ContractChildRecord>[] = [
    { key: 'contractChildNo', title: '分包合同编号' },
    { key: 'contractName', title: '所属合同' },
    { key: 'childTypeName', title: '分包类型' },
    { key: 'receiveCompanyName', title: '收款单位' },
    { key: 'statusName', title: '审批状态' },
    money('totalAmount', '分包金额（万元）'),
    money('extendAmount', '补充金额（万元）'),
    money('paidAmount', '已付金额（万元）'),
    money('canPayAmount', '可付金额（万元）'),
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <Button size="sm" variant="text" onClick={() => setOpen(r.contractChildId)}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <PageCard
      title="分包合同"
      actions={
        <HasPermi perms={['project:contractChild:export']}>
          <Button
            onClick={() => void downloadFile(`/v4/contractChild/export${exportQuery(list.draft)}`)}
          >
            导出
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="分包合同编号">
          <input
            className="input"
            value={d.contractChildNo}
            onChange={(e) => list.setDraft({ ...d, contractChildNo: e.target.value })}
          />
        </SearchField>
        <SearchField label="收款单位">
          <input
            className="input"
            value={d.receiveCompanyName}
            onChange={(e) => list.setDraft({ ...d, receiveCompanyName: e.target.value })}
          />
        </SearchField>
        <SearchField label="分包类型">
          <select
            className="input"
            value={d.childType}
            onChange={(e) => list.setDraft({ ...d, childType: e.target.value })}
          >
            <option value="">全部</option>
            {CHILD_TYPE_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </SearchField>
        <SearchField label="审批状态">
          <select
            className="input"
            value={d.status}
            onChange={(e) => list.setDraft({ ...d, status: e.target.value })}
          >
            <option value="">全部</option>
            {STATUS_OPTIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </SearchField>
      </SearchBar>
      <DataTable
        testId="contract-child-list"
        columns={columns}
        rows={list.rows}
        rowKey="contractChildId"
        loading={list.loading}
        error={list.error}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
      />
      {open !== null && <ContractChildDetailDialog id={open} onClose={() => setOpen(null)} />}
    </PageCard>
  );
}

// ---- extended sub-contracts --------------------------------------------------------------------

interface ExtendFilter extends Record<string, unknown> {
  extendNo: string;
}

/** 外委合同: the extended (supplementary) sub-contracts beside their sub-contract and contract. */
export function ExtendSubContractListPage() {
  const gateway = useService(TOKENS.ContractGateway);
  const list = useListQuery<ExtendSubContractRecord, ExtendFilter>(
    'extend-sub-contracts',
    { extendNo: '' },
    (q) => gateway.extendList(q),
  );
  const columns: Column<ExtendSubContractRecord>[] = [
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
  ];
  return (
    <PageCard
      title="外委合同"
      actions={
        <HasPermi perms={['project:extendSubContract:export']}>
          <Button
            onClick={() =>
              void downloadFile(`/v4/extendSubContract/export${exportQuery(list.draft)}`)
            }
          >
            导出
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="补充合同编号">
          <input
            className="input"
            value={list.draft.extendNo}
            onChange={(e) => list.setDraft({ extendNo: e.target.value })}
          />
        </SearchField>
      </SearchBar>
      <DataTable
        testId="extend-sub-contract-list"
        columns={columns}
        rows={list.rows}
        rowKey="extendId"
        loading={list.loading}
        error={list.error}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
      />
    </PageCard>
  );
}
