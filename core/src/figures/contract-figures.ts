import type { InvoiceStatus } from '../account/account.js';
import type { LoanStatus } from '../fund/fund.js';
import type { FundPayStatus } from '../fund-pay/fund-pay.js';
import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';

/*
 * One set of figures per contract: 已收, 已分配, 已付, 已开票 and the balances that follow. Every
 * screen, export and sheet that shows one of them reads it from the one read model
 * (adapters/sql/src/read-models/contract-figures.ts), which counts the records by the rules below;
 * nothing else sums back money, allotments, payments or invoices for a contract.
 */

/**
 * What counts, written once. A record that is deleted never counts.
 * - 已收 (back money): every live back money record (a record is money that came in: it has no
 *   approval of its own). A contract with no live back money record at all reads the back amount
 *   recorded on the contract instead (`receivedFallback`): money that came back before the system
 *   (an institute's records brought over) or that its closing wrote; the closing's ceiling and
 *   fees, the lists and the accounts then read the same 已收.
 * - 已分配 (allotted): every allotment of a live back money record (allotments are final when
 *   entered; a correction is a new movement).
 * - 已付 (paid out): fund payments (/v4/fundPay) whose approval ended approved (已付款): the ledger
 *   moves their money then, and only then. Drafts, payments in approval and turned-down ones do
 *   not count. A sub-contract's pay items are what it is due, not money paid out.
 * - 已开票 (invoiced): invoice requests approved (已开票); those in approval count apart, as
 *   开票审批中, and hold room under the contract amount, but are not invoiced.
 * - 未还借款 (loans outstanding): approved loans drawn on the contract, less what was repaid.
 */
export const FIGURE_COUNTS: {
  /** 已收 without any back money record is the contract's recorded back amount. */
  readonly receivedFallback: 'recordedBackAmount';
  readonly paidPayStatus: FundPayStatus;
  readonly invoicedStatus: InvoiceStatus;
  readonly invoicingStatus: InvoiceStatus;
  readonly loanInEffectStatus: LoanStatus;
} = {
  receivedFallback: 'recordedBackAmount',
  paidPayStatus: 2,
  invoicedStatus: 2,
  invoicingStatus: 1,
  loanInEffectStatus: 2,
};

/** The records of one contract summed by FIGURE_COUNTS (万元 strings), as the read model reads them. */
export interface ContractFigureSums {
  /** 已收（已回款）: Σ live back money. */
  readonly backAmount: string;
  /** 已分配: Σ allotments of that back money to design teams. */
  readonly allottedAmount: string;
  /**
   * 已付款 (gross): Σ payAmount of the paid fund payments, the amount the payee is paid against
   * (what the payment lists, the plan lines and the sub-contract's pay items are held to).
   */
  readonly paidAmount: string;
  /**
   * 实付金额 (net): Σ realPayAmount of the same payments, netPay(payAmount, taxRate): the money that
   * left the institute, what the fund ledger drew from the contract's back money.
   */
  readonly realPaidAmount: string;
  /** 已开票: Σ approved invoice requests. */
  readonly invoicedAmount: string;
  /** 开票审批中: Σ invoice requests in approval. */
  readonly invoicingAmount: string;
  /** 未还借款: Σ (loan − repaid) of approved loans drawn on the contract. */
  readonly loanOutstandingAmount: string;
}

/** A contract's figures: the sums and what follows from them. */
export interface ContractFigures extends ContractFigureSums {
  /**
   * 未分配 (free to allot): backAmount − allottedAmount − realPaidAmount. A payment draws its net
   * pay from the unallotted back money, so this is exactly the ledger's `backMoney` balances of the
   * contract: back money = allotted + paid out (net) + unallotted, on every screen.
   */
  readonly unallottedAmount: string;
  /** 未回款: totalAmount − backAmount (below 0 when more came back than the contract amount). */
  readonly unreceivedAmount: string;
  /** 未开票: totalAmount − invoicedAmount. */
  readonly uninvoicedAmount: string;
  /** 已开票未回款: invoicedAmount − backAmount, floored at 0. */
  readonly invoicedUnpaidAmount: string;
  /**
   * 账户余额: backAmount − realPaidAmount − loanOutstandingAmount: what came in less what left the
   * institute (net pay) and what the teams still owe on loans. It is a report, not a rule: it may
   * go below 0. Allotments stay in it: allotting shares the money out, it does not pay it.
   */
  readonly balanceAmount: string;
}

/** The words the screens, exports and sheets label each figure with (amounts in 万元). */
export const FIGURE_LABELS: Readonly<Record<keyof ContractFigures, string>> = {
  backAmount: '已回款',
  allottedAmount: '已分配',
  paidAmount: '已付款',
  realPaidAmount: '实付金额',
  invoicedAmount: '已开票',
  invoicingAmount: '开票审批中',
  loanOutstandingAmount: '未还借款',
  unallottedAmount: '未分配',
  unreceivedAmount: '未回款',
  uninvoicedAmount: '未开票',
  invoicedUnpaidAmount: '已开票未回款',
  balanceAmount: '账户余额',
};

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);
const s = (v: MoneyDecimal): string => toAmountString(v);

/** The figures that follow from a contract's amount and its sums. */
export function contractFiguresOf(totalAmount: string, sums: ContractFigureSums): ContractFigures {
  const back = d(sums.backAmount);
  const invoicedUnpaid = d(sums.invoicedAmount).minus(back);
  return {
    backAmount: sums.backAmount,
    allottedAmount: sums.allottedAmount,
    paidAmount: sums.paidAmount,
    realPaidAmount: sums.realPaidAmount,
    invoicedAmount: sums.invoicedAmount,
    invoicingAmount: sums.invoicingAmount,
    loanOutstandingAmount: sums.loanOutstandingAmount,
    unallottedAmount: s(back.minus(d(sums.allottedAmount)).minus(d(sums.realPaidAmount))),
    unreceivedAmount: s(d(totalAmount).minus(back)),
    uninvoicedAmount: s(d(totalAmount).minus(d(sums.invoicedAmount))),
    invoicedUnpaidAmount: s(invoicedUnpaid.gt(0) ? invoicedUnpaid : new MoneyDecimal(0)),
    balanceAmount: s(back.minus(d(sums.realPaidAmount)).minus(d(sums.loanOutstandingAmount))),
  };
}

/** One back money record's share of the figures (回款管理's row). */
export interface BackMoneyFigureSums {
  readonly backAmount: string;
  /** Σ its allotments. */
  readonly allottedAmount: string;
  /** Σ the net pay paid fund payments drew from it (the ledger's `fundPay.pay` lines). */
  readonly realPaidAmount: string;
}

export interface BackMoneyFigures extends BackMoneyFigureSums {
  /** backAmount − allottedAmount − realPaidAmount: what may still be allotted or drawn. */
  readonly unallottedAmount: string;
}

export function backMoneyFiguresOf(sums: BackMoneyFigureSums): BackMoneyFigures {
  return {
    ...sums,
    unallottedAmount: s(
      d(sums.backAmount).minus(d(sums.allottedAmount)).minus(d(sums.realPaidAmount)),
    ),
  };
}
