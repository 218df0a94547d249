import {
  invoiceActions,
  invoiceListActions,
  displayAmount,
  INVOICE_SORT_COLUMNS,
} from '@dpms/core';
import { ACCOUNT_EXPORT_PATHS, type InvoiceRecord, type PageQuery } from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from '../../components/crud/action-keys';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { downloadExport } from '../../components/upload';
import { RecordDetailDialog } from '../../components/approval/RecordDetailDialog';
import { InvoiceFormDialog } from './InvoiceFormDialog';
import { Figure, exportUrl, useAccountGateway, useSignedContracts } from './account-shared';

const STATUS = [
  { value: '0', label: '草稿' },
  { value: '1', label: '审批中' },
  { value: '2', label: '已开票' },
  { value: '3', label: '已驳回' },
];
const TYPES = [
  { value: '1', label: '增值税普通发票' },
  { value: '2', label: '增值税专用发票' },
];
type Filter = { contractName: string; status: string; invoiceType: string };
const FILTER: Filter = { contractName: '', status: '', invoiceType: '' };

/** 开票详情: the request and its approval (23_1 开票申请). */
function InvoiceDetailDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const gateway = useAccountGateway();
  const [invoice, setInvoice] = useState<InvoiceRecord | null>(null);
  useEffect(() => {
    void gateway.invoice(invoiceId).then(setInvoice);
  }, [gateway, invoiceId]);
  return (
    <RecordDetailDialog
      title="开票详情"
      width={720}
      testId="invoice-detail"
      onClose={onClose}
      record={invoice}
      approvalLabel="查看开票审批"
      approvalTestId="invoice-approval"
    >
      {(invoice) => (
        <>
          <Figure label="合同名称" value={invoice.contractName} />
          <Figure label="合同编号" value={invoice.contractNo} />
          <Figure label="合同金额（万元）" value={displayAmount(invoice.totalAmount)} />
          <Figure
            label="开票金额（万元）"
            value={displayAmount(invoice.invoiceAmount)}
            testId="invoice-detail-amount"
          />
          <Figure label="发票类型" value={invoice.invoiceTypeName} />
          <Figure label="开票内容" value={invoice.invoicePurposeName} />
          <Figure label="发票抬头" value={invoice.invoiceTitle} />
          <Figure label="纳税人识别号" value={invoice.taxNo} />
          <Figure label="开票日期" value={invoice.invoiceDate} />
          <Figure label="备注" value={invoice.remark} />
          <Figure label="状态" value={invoice.statusName} testId="invoice-detail-status" />
          <Figure label="申请人" value={invoice.createByName} />
        </>
      )}
    </RecordDetailDialog>
  );
}

/** 财务台账 (/v4/finance): invoice requests, sent through approval (23_1), invoiced when approved. */
export function FinancePage() {
  const gateway = useAccountGateway();
  const feedback = useService(TOKENS.Feedback);
  const actor = useActionActor();
  const keys = useActionKeys();
  /**
   * 送审 of one request under its own Idempotency-Key, kept until the server answers: a retry
   * after a lost answer (or a second click) sends the same key, so the request is sent once.
   */
  const submit = async (invoiceId: number, refetch: () => void) => {
    const outcome = await keys.run(`submit:${String(invoiceId)}`, (idempotencyKey) =>
      gateway.submitInvoice(invoiceId, { idempotencyKey }),
    );
    if (outcome.ok) feedback.success('已送审');
    else feedback.error(outcome.message);
    if (outcome.ok || outcome.reload) refetch();
  };
  const contracts = useSignedContracts();
  const searched = useRef<PageQuery>({});
  const [form, setForm] = useState<{ invoice?: InvoiceRecord } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <CrudPage<InvoiceRecord, Filter>
      title="财务台账"
      noun="开票申请"
      queryKey="finance-invoices"
      sortColumns={INVOICE_SORT_COLUMNS}
      gateway={{
        list: (q) => {
          searched.current = q;
          return gateway.invoices(q);
        },
        remove: gateway.removeInvoice,
      }}
      filter={FILTER}
      search={[
        { key: 'contractName', label: '合同名称' },
        { key: 'status', label: '状态', type: 'select', options: STATUS },
        { key: 'invoiceType', label: '发票类型', type: 'select', options: TYPES },
      ]}
      rowKey="invoiceId"
      table={{ testId: 'invoice-table' }}
      columns={(ctx) => [
        { key: 'contractName', title: '合同名称' },
        { key: 'contractNo', title: '合同编号', width: 120 },
        { key: 'invoiceAmount', title: '开票金额（万元）', amount: true, sum: true },
        { key: 'invoiceTypeName', title: '发票类型', width: 130 },
        { key: 'invoiceTitle', title: '发票抬头' },
        { key: 'invoiceDate', title: '开票日期', width: 110 },
        { key: 'statusName', title: '状态', width: 80 },
        { key: 'createByName', title: '申请人', width: 90 },
        {
          key: 'ops',
          title: '开票操作',
          render: (i) => (
            <>
              <Button
                size="sm"
                variant="text"
                data-testid={`invoice-detail-${String(i.invoiceId)}`}
                onClick={() => setViewing(i.invoiceId)}
              >
                详情
              </Button>
              {invoiceActions.may('edit', i, actor) && (
                <>
                  <Button size="sm" variant="text" onClick={() => setForm({ invoice: i })}>
                    修改
                  </Button>
                </>
              )}
              {invoiceActions.may('submit', i, actor) && (
                <>
                  <Button
                    size="sm"
                    variant="text"
                    data-testid={`invoice-submit-${String(i.invoiceId)}`}
                    onClick={() => void submit(i.invoiceId, ctx.refetch)}
                  >
                    送审
                  </Button>
                </>
              )}
            </>
          ),
        },
      ]}
      permissions={{ remove: invoiceActions.permissions.remove }}
      offered={{ remove: (i) => invoiceActions.may('remove', i, actor) }}
      remove={{ what: (i) => `${i.contractName}的开票申请${displayAmount(i.invoiceAmount)}万元` }}
      headerActions={
        <>
          {invoiceListActions.may('add', undefined, actor) && (
            <Button variant="primary" data-testid="invoice-add" onClick={() => setForm({})}>
              开票申请
            </Button>
          )}
          {invoiceListActions.may('export', undefined, actor) && (
            <Button
              data-testid="export"
              onClick={() =>
                void downloadExport(exportUrl(ACCOUNT_EXPORT_PATHS.invoice, searched.current))
              }
            >
              导出
            </Button>
          )}
        </>
      }
    >
      {(ctx) => (
        <>
          {form && (
            <InvoiceFormDialog
              gateway={gateway}
              contracts={contracts}
              {...(form.invoice ? { invoice: form.invoice } : {})}
              onClose={() => setForm(null)}
              onSaved={(i) => {
                setForm(null);
                feedback.success(i.status === 0 || i.status === 3 ? '保存成功' : '已送审');
                ctx.refetch();
              }}
            />
          )}
          {viewing !== null && (
            <InvoiceDetailDialog invoiceId={viewing} onClose={() => setViewing(null)} />
          )}
        </>
      )}
    </CrudPage>
  );
}
