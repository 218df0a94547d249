import {
  childCanPay,
  childOverpaid,
  extensionBelowPaid,
  lixiangFees,
  MoneyDecimal,
  toAmountString,
  validateChildPay,
  validateContractChild,
  validateExtendSubContract,
  validateLixiang,
  childPayInputProblems,
  contractChildInputProblems,
  extendSubContractInputProblems,
  lixiangInputProblems,
  type DomainError,
  type FeeRateSets,
  type LixiangFees,
} from '@dpms/core';
import type { ContractChildBody, LixiangBody } from '@dpms/http-client';

/**
 * The live previews of the filing, sub-contract, pay item and extended sub-contract forms: core's
 * own checks and sums over what is typed, exactly as the server will run them, so a refusal reads
 * the same on both sides and names its field.
 */
export type Preview<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly message: string; readonly field?: string | undefined };

const refused = (e: { message: string; field?: string | undefined }) =>
  ({ ok: false, message: e.message, field: e.field }) as const;

/** A blank amount's preview: core's own words for it ("合同金额不能为空"), on its field. */
const blank = (problems: readonly DomainError[], field: string) =>
  refused(problems.find((p) => p.field === field) ?? { message: '', field });

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v);
const plus = (a: string, b: string) =>
  toAmountString(new MoneyDecimal(a).plus(new MoneyDecimal(b)));
const minus = (a: string, b: string) =>
  toAmountString(new MoneyDecimal(a).minus(new MoneyDecimal(b)));

// ---- project filing (lixiang) ------------------------------------------------------------------

export interface LixiangFormValues {
  contractId: string;
  lxNo: string;
  projectName: string;
  bizSource: string;
  totalAmount: string;
  cleanAmount: string;
  directFee: string;
  remark: string;
}

export const EMPTY_LIXIANG_FORM: LixiangFormValues = {
  contractId: '',
  lxNo: '',
  projectName: '',
  bizSource: '1',
  totalAmount: '',
  cleanAmount: '',
  directFee: '',
  remark: '',
};

/** What a filing form sends (blank amounts left out; a blank clean amount is the total). */
export function lixiangBody(v: LixiangFormValues): LixiangBody {
  return {
    lxNo: v.lxNo.trim(),
    projectName: v.projectName.trim(),
    bizSource: v.bizSource,
    totalAmount: v.totalAmount,
    cleanAmount: v.cleanAmount.trim() === '' ? v.totalAmount : v.cleanAmount,
    directFee: v.directFee.trim() === '' ? '0' : v.directFee,
    remark: v.remark.trim(),
    ...(v.contractId === '' ? {} : { contractId: Number(v.contractId) }),
  };
}

/** The filing's fee split: core's validateLixiang and lixiangFees with its source's rate set. */
export function previewLixiang(
  v: LixiangFormValues,
  rateSets: FeeRateSets,
): Preview<{ fees: LixiangFees }> {
  if (v.totalAmount.trim() === '') return blank(lixiangInputProblems({}), 'totalAmount');
  const fields = validateLixiang({
    contractId: v.contractId === '' ? null : Number(v.contractId),
    lxNo: v.lxNo,
    // The name is checked on saving; the split does not wait for it.
    projectName: v.projectName.trim() === '' ? '（未填写）' : v.projectName,
    bizSource: v.bizSource,
    totalAmount: v.totalAmount,
    cleanAmount: v.cleanAmount.trim() === '' ? v.totalAmount : v.cleanAmount,
    directFee: v.directFee.trim() === '' ? '0' : v.directFee,
    remark: v.remark,
  });
  if (!fields.ok) return refused(fields.error);
  const fees = lixiangFees(fields.value, rateSets);
  if (!fees.ok) return refused(fees.error);
  return { ok: true, fees: fees.value.fees };
}

// ---- sub-contracts -----------------------------------------------------------------------------

export interface ChildFormValues {
  contractId: string;
  contractChildNo: string;
  childType: string;
  paymentMethod: string;
  receiveCompanyName: string;
  totalAmount: string;
  content: string;
}

export const EMPTY_CHILD_FORM: ChildFormValues = {
  contractId: '',
  contractChildNo: '',
  childType: '1',
  paymentMethod: '',
  receiveCompanyName: '',
  totalAmount: '',
  content: '',
};

/** What is already extended and paid on a stored sub-contract (0 for a new one). */
export interface ChildStanding {
  readonly extendAmount: string;
  readonly paidAmount: string;
}

export function childBody(v: ChildFormValues): ContractChildBody {
  return {
    ...(v.contractId === '' ? {} : { contractId: Number(v.contractId) }),
    contractChildNo: v.contractChildNo.trim(),
    childType: Number(v.childType),
    paymentMethod: v.paymentMethod.trim(),
    receiveCompanyName: v.receiveCompanyName.trim(),
    totalAmount: v.totalAmount,
    content: v.content.trim(),
  };
}

/**
 * A sub-contract as typed: core's validateContractChild, then what it may pay (childCanPay:
 * amount + extensions − paid); an amount below what is already paid is refused as the server does.
 */
export function previewChild(
  v: ChildFormValues,
  standing: ChildStanding = { extendAmount: '0', paidAmount: '0' },
): Preview<{ cap: string; canPayAmount: string }> {
  if (v.totalAmount.trim() === '') return blank(contractChildInputProblems({}), 'totalAmount');
  const fields = validateContractChild({
    // The contract is checked on saving; the preview does not wait for it.
    contractId: v.contractId === '' ? 0 : Number(v.contractId),
    contractChildNo: v.contractChildNo,
    childType: v.childType,
    paymentMethod: v.paymentMethod,
    content: v.content,
    // The payee is checked on saving; the preview does not wait for it.
    receiveCompanyName: v.receiveCompanyName.trim() === '' ? '（未填写）' : v.receiveCompanyName,
    totalAmount: v.totalAmount,
  });
  if (!fields.ok) return refused(fields.error);
  const overpaid = childOverpaid(
    fields.value.totalAmount,
    standing.extendAmount,
    standing.paidAmount,
  );
  if (overpaid !== null) return refused(overpaid);
  return {
    ok: true,
    cap: plus(fields.value.totalAmount, standing.extendAmount),
    canPayAmount: childCanPay(fields.value.totalAmount, standing.extendAmount, standing.paidAmount),
  };
}

// ---- pay items ---------------------------------------------------------------------------------

export interface PayFormValues {
  payAmount: string;
  taxRate: string;
  payDate: string;
  remark: string;
}

export const EMPTY_PAY_FORM: PayFormValues = {
  payAmount: '',
  taxRate: '',
  payDate: '',
  remark: '',
};

/** The sub-contract a pay item is entered on. */
export interface PayTarget extends ChildStanding {
  readonly totalAmount: string;
  readonly taxRate: string;
}

/**
 * A pay item as typed: core's validateChildPay (net pay by netPay with the sub-contract's tax rate
 * when none is typed) and the cap: what was paid (without the item being edited) plus this item
 * never exceeds the amount plus its extensions.
 */
export function previewPay(
  v: PayFormValues,
  target: PayTarget,
  editingPayAmount = '0',
): Preview<{ realPayAmount: string; taxRate: string; leftAfter: string }> {
  if (v.payAmount.trim() === '') return blank(childPayInputProblems({}), 'payAmount');
  const pay = validateChildPay(
    {
      payAmount: v.payAmount,
      taxRate: blankToUndefined(v.taxRate),
      payDate: blankToUndefined(v.payDate),
      remark: v.remark,
    },
    target.taxRate || '0.06',
  );
  if (!pay.ok) return refused(pay.error);
  const paidOthers = minus(target.paidAmount, editingPayAmount);
  const overpaid = childOverpaid(
    target.totalAmount,
    target.extendAmount,
    paidOthers,
    pay.value.payAmount,
  );
  if (overpaid !== null) return refused(overpaid);
  return {
    ok: true,
    realPayAmount: pay.value.realPayAmount,
    taxRate: pay.value.taxRate,
    leftAfter: childCanPay(
      target.totalAmount,
      target.extendAmount,
      plus(paidOthers, pay.value.payAmount),
    ),
  };
}

// ---- extended sub-contracts --------------------------------------------------------------------

export interface ExtendFormValues {
  extendNo: string;
  content: string;
  reason: string;
  extendAmount: string;
  signDate: string;
}

export const EMPTY_EXTEND_FORM: ExtendFormValues = {
  extendNo: '',
  content: '',
  reason: '',
  extendAmount: '',
  signDate: '',
};

/** The sub-contract an extension adds to, with what is extended and paid so far. */
export interface ExtendTarget extends ChildStanding {
  readonly contractChildId: number;
  readonly totalAmount: string;
}

/**
 * An extended sub-contract as typed: core's validateExtendSubContract, then the sub-contract's
 * payable amount with this extension (replacing the one edited); an edit that leaves less than
 * what is paid is refused, as on the server.
 */
export function previewExtend(
  v: ExtendFormValues,
  target: ExtendTarget,
  editingExtendAmount = '0',
): Preview<{ extendTotal: string; canPayAmount: string }> {
  if (v.extendAmount.trim() === '') {
    return blank(extendSubContractInputProblems({}), 'extendAmount');
  }
  const fields = validateExtendSubContract({
    contractChildId: target.contractChildId,
    extendNo: v.extendNo,
    content: v.content.trim() === '' ? '（未填写）' : v.content,
    reason: v.reason,
    extendAmount: v.extendAmount,
    signDate: blankToUndefined(v.signDate),
  });
  if (!fields.ok) return refused(fields.error);
  const extendTotal = plus(
    minus(target.extendAmount, editingExtendAmount),
    fields.value.extendAmount,
  );
  const belowPaid = extensionBelowPaid(target.totalAmount, extendTotal, target.paidAmount);
  if (belowPaid !== null) return refused(belowPaid);
  return {
    ok: true,
    extendTotal,
    canPayAmount: childCanPay(target.totalAmount, extendTotal, target.paidAmount),
  };
}
