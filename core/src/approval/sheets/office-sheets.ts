import {
  INVOICE_PURPOSE_LABELS,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  type Invoice,
} from '../../account/account.js';
import { invoiceRoom } from '../../account/account-rules.js';
import {
  ARCHIVE_BORROW_STATE_LABELS,
  borrowState,
  type ArchiveBorrow,
} from '../../archives/archive-borrow.js';
import { FIGURE_LABELS } from '../../figures/contract-figures.js';
import { toAmountString } from '../../money/amount.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import { formatInstant } from '../../platform/institute-clock.js';
import { figure, type ApprovalSheet, type SheetFigure } from './approval-sheet.js';

/* The sheets of the office's records: invoice requests (23_1) and archive borrowing (27_1). */

/**
 * An invoice request with what the rest of its contract's requests hold (this one left out, the
 * invoice cap's own sums) and what came back on the contract (the figures read model).
 */
export interface InvoiceSheetFacts {
  readonly invoice: Invoice;
  /** 已开票: the contract's other approved requests. */
  readonly invoicedAmount: string;
  /** 开票审批中: the contract's other requests in approval. */
  readonly invoicingAmount: string;
  /** 已回款 of the contract. */
  readonly backAmount: string;
}

/**
 * 开票申请 (23_1): the contract and its amount, what is invoiced and in approval besides this
 * request, this request's amount and what the contract could still be invoiced after it (the
 * invoice cap: 合同金额 − 已开票 − 开票审批中; negative when this request exceeds it).
 */
export function invoiceSheet(f: InvoiceSheetFacts, zone: string): ApprovalSheet {
  const i = f.invoice;
  const room = invoiceRoom(i.totalAmount, f.invoicedAmount, f.invoicingAmount);
  const after = toAmountString(new MoneyDecimal(room).minus(new MoneyDecimal(i.invoiceAmount)));
  const info: SheetFigure[] = [
    figure.text('contractName', '合同名称', i.contractName),
    figure.text('contractNo', '合同编号', i.contractNo),
    figure.text('projectName', '项目名称', i.projectName),
    figure.amount('invoiceAmount', '开票金额', i.invoiceAmount),
    figure.text('invoiceType', '发票类型', INVOICE_TYPE_LABELS[i.invoiceType]),
    figure.text('invoicePurpose', '开票内容', INVOICE_PURPOSE_LABELS[i.invoicePurpose]),
    figure.text('invoiceTitle', '发票抬头', i.invoiceTitle),
    figure.text('taxNo', '纳税人识别号', i.taxNo),
    figure.text('invoiceDate', '开票日期', i.invoiceDate),
    figure.text('createBy', '申请人', i.createBy),
    figure.text('createTime', '申请时间', formatInstant(i.createTime, zone)),
    figure.text('status', '状态', INVOICE_STATUS_LABELS[i.status]),
  ];
  if (i.remark !== '') info.push(figure.text('remark', '备注', i.remark));
  return {
    recordKind: null,
    recordId: String(i.invoiceId),
    source: 'record',
    title: '开票申请',
    sections: [
      { title: '开票信息', figures: info },
      {
        title: '合同开票额度',
        figures: [
          figure.amount('totalAmount', '合同金额', i.totalAmount),
          figure.amount('backAmount', FIGURE_LABELS.backAmount, f.backAmount),
          figure.amount('invoicedAmount', FIGURE_LABELS.invoicedAmount, f.invoicedAmount),
          figure.amount(
            'invoicingAmount',
            `其他${FIGURE_LABELS.invoicingAmount}`,
            f.invoicingAmount,
          ),
          figure.amount('roomAmount', '可开票金额', room),
          figure.amount('roomAfter', '本次开票后剩余可开票', after),
        ],
      },
    ],
  };
}

/** A borrowing and the institute's day it is read on (its state follows the calendar). */
export interface ArchiveBorrowSheetFacts {
  readonly borrow: ArchiveBorrow;
  /** yyyy-MM-dd on the institute's clock. */
  readonly today: string;
}

/** 调档承诺书 (27_1): the archive, the borrower, the period and purpose, and the pledge. */
export function archiveBorrowSheet(
  { borrow: b, today }: ArchiveBorrowSheetFacts,
  zone: string,
): ApprovalSheet {
  const figures: SheetFigure[] = [
    figure.text('archiveName', '档案名称', b.archiveName),
    figure.text('archiveNo', '档案编号', b.archiveNo),
    figure.text('projectName', '项目名称', b.projectName),
    figure.text('userName', '借阅人', b.nickName),
    figure.text('purpose', '借阅事由', b.purpose),
    figure.text('startDate', '借阅开始日期', b.startDate),
    figure.text('endDate', '借阅结束日期', b.endDate),
    figure.text('state', '状态', ARCHIVE_BORROW_STATE_LABELS[borrowState(b, today)]),
    figure.text('createTime', '申请时间', formatInstant(b.createTime, zone)),
  ];
  if (b.approvedTime !== null)
    figures.push(figure.text('approvedTime', '批准时间', formatInstant(b.approvedTime, zone)));
  if (b.returnedTime !== null)
    figures.push(
      figure.text('returnedTime', '归还时间', formatInstant(b.returnedTime, zone)),
      figure.text('returnedBy', '归还经手人', b.returnedBy),
    );
  return {
    recordKind: null,
    recordId: String(b.borrowId),
    source: 'record',
    title: '调档承诺书',
    sections: [
      { title: '借阅信息', figures },
      { title: '保密承诺', figures: [figure.text('pledge', '保密承诺', b.pledge)] },
    ],
  };
}
