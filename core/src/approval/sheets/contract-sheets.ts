import {
  BIZ_SOURCE_LABELS,
  CONTRACT_BIZ_TYPE_LABELS,
  CONTRACT_STAGE_LABELS,
  type Contract,
  type ContractBizType,
  type ContractFields,
} from '../../contract/contract.js';
import { CHANGEABLE_FIELDS, type ContractChange } from '../../contract/contract-change.js';
import { CHILD_TYPE_LABELS, type ContractChildSummary } from '../../contract/contract-child.js';
import { CONTRACT_FIELD_LABELS } from '../../contract/contract-messages.js';
import type { Lixiang } from '../../contract/lixiang.js';
import {
  LIXIANG_CHANGEABLE_FIELDS,
  lixiangFieldLabel,
  type LixiangChange,
} from '../../contract/lixiang-change.js';
import { FEE_FIELD_LABELS } from '../../fees/fee-messages.js';
import { FEE_RATE_KEYS, type FeeRates } from '../../fees/fee-rates.js';
import { FIGURE_LABELS, type ContractFigures } from '../../figures/contract-figures.js';
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from '../approval-status.js';
import {
  figure,
  fractionPercent,
  type ApprovalSheet,
  type SheetFigure,
  type SheetSection,
} from './approval-sheet.js';

/*
 * The sheets of the contract records: the contract review (1_x, 24_1) and the filing of a declared
 * project (2_x) read from the contract, the filing (2_x) read from a 立项 record, the contract
 * change (28_1, every changed field before → after) and the sub-contract (5_x).
 */

const label = (key: string): string => CONTRACT_FIELD_LABELS[key] ?? FEE_FIELD_LABELS[key] ?? key;
const amount = (key: string, value: string, before?: string): SheetFigure =>
  figure.amount(key, label(key), value, before);
const text = (key: string, value: string): SheetFigure => figure.text(key, label(key), value);
const statusText = (s: ApprovalStatus): string => APPROVAL_STATUS_LABELS[s] ?? '';
const bizTypeText = (t: ContractBizType | ''): string =>
  t === '' ? '' : CONTRACT_BIZ_TYPE_LABELS[t];

/** The fee split (合同净额 … 设计费) with the rates it was computed with, in percent. */
function feeSections(
  fees: Pick<
    Contract,
    | 'cleanAmount'
    | 'directFee'
    | 'realAmount'
    | 'technicalFee'
    | 'expertFee'
    | 'operateFee'
    | 'designFee'
  >,
  rates: FeeRates,
): SheetSection[] {
  const rateFigures = FEE_RATE_KEYS.flatMap((k) => {
    const r = rates[k];
    return r === null || r === undefined || r === ''
      ? []
      : [figure.rate(k, FEE_FIELD_LABELS[k] ?? k, fractionPercent(r))];
  });
  return [
    {
      title: '费用拆分',
      figures: [
        amount('cleanAmount', fees.cleanAmount),
        amount('directFee', fees.directFee),
        amount('realAmount', fees.realAmount),
        amount('technicalFee', fees.technicalFee),
        amount('expertFee', fees.expertFee),
        amount('operateFee', fees.operateFee),
        amount('designFee', fees.designFee),
      ],
    },
    ...(rateFigures.length === 0 ? [] : [{ title: '费率', figures: rateFigures }]),
  ];
}

/** A contract with its figures from the one read model (null when they could not be read). */
export interface ContractSheetFacts {
  readonly contract: Contract;
  readonly figures: ContractFigures | null;
  /**
   * The project managers of its design tasks, by name (a contract names none of its own; the
   * flows' 项目经理 node reads the same tasks); empty before any task.
   */
  readonly projectManagerNames?: readonly string[];
}

/**
 * 合同评审单 (1_x, 24_1), or 项目备案表 (2_x) for a declared project: the parties, the amount and
 * when it was signed, who serves it, the fee split with its rates in percent, and what came back
 * and was invoiced so far (the figures read model, so the sheet agrees with the lists).
 * The contract keeps one manager of its own, 服务经理; its 项目经理 are those of its design tasks.
 */
export function contractSheet(
  { contract: c, figures, projectManagerNames = [] }: ContractSheetFacts,
  typeCode = '',
): ApprovalSheet {
  // A filing (2_x) stays a filing on paper after its project became a contract.
  const declared = typeCode.startsWith('2_') || (typeCode === '' && c.stage === 'declare');
  const info: SheetFigure[] = [
    text('projectName', c.projectName),
    text('contractName', c.contractName),
    text('contractNo', c.contractNo),
    text('entrustBusinessName', c.entrustBusinessName),
    text('signByMain', c.signByMain),
    text('signBySub', c.signBySub),
    amount('totalAmount', c.totalAmount),
    text('signDate', c.signDate ?? ''),
    figure.text('serviceManagerName', '服务经理', c.serviceManagerName),
    figure.text('projectManagerNames', '项目经理', projectManagerNames.join('、')),
    text('bizSource', BIZ_SOURCE_LABELS[c.bizSource]),
    text('bizType', bizTypeText(c.bizType)),
    text('location', c.location),
    text('entrustTask', c.entrustTask),
    figure.text('stage', '合同阶段', CONTRACT_STAGE_LABELS[c.stage]),
    figure.text('createBy', '申请人', c.createBy),
  ];
  const money: SheetFigure[] =
    figures === null
      ? [amount('receiveAmount', c.receiveAmount)]
      : [
          figure.amount('receiveAmount', label('receiveAmount'), figures.backAmount),
          figure.amount('invoicedAmount', FIGURE_LABELS.invoicedAmount, figures.invoicedAmount),
          figure.amount(
            'unreceivedAmount',
            FIGURE_LABELS.unreceivedAmount,
            figures.unreceivedAmount,
          ),
          figure.amount('paidAmount', FIGURE_LABELS.paidAmount, figures.paidAmount),
        ];
  return {
    recordKind: null,
    recordId: String(c.contractId),
    source: 'record',
    title: declared ? '项目备案表' : '合同评审单',
    sections: [
      { title: '合同信息', figures: info },
      ...feeSections(c, c.feeRates),
      { title: '收款与开票', figures: money },
    ],
  };
}

/** 项目备案表 (2_x) of a 立项 record: the filing number, the project and its fee split. */
export function lixiangSheet(l: Lixiang): ApprovalSheet {
  return {
    recordKind: null,
    recordId: String(l.lxId),
    source: 'record',
    title: '项目备案表',
    sections: [
      {
        title: '备案信息',
        figures: [
          text('lxNo', l.lxNo),
          text('projectName', l.projectName),
          text('bizSource', BIZ_SOURCE_LABELS[l.bizSource]),
          amount('totalAmount', l.totalAmount),
          figure.text('createBy', '申请人', l.createBy),
          figure.text('status', '状态', statusText(l.status)),
          ...(l.remark === '' ? [] : [text('remark', l.remark)]),
        ],
      },
      ...feeSections(l, l.feeRates),
    ],
  };
}

/** The amount fields of a contract (万元); the others print as text. */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  'totalAmount',
  'receiveAmount',
  'cleanAmount',
  'directFee',
]);

/** A field's value as the change sheet prints it (names for codes, '' for none). */
function fieldText(field: keyof ContractFields, f: ContractFields): string {
  const v = f[field];
  if (field === 'bizType') return bizTypeText(f.bizType);
  if (field === 'bizSource') return BIZ_SOURCE_LABELS[f.bizSource];
  if (field === 'realAmountRate') return fractionPercent(f.realAmountRate);
  if (v === null || v === undefined) return '';
  return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
}

/** A contract change with the contract it changes (null when the contract is gone). */
export interface ContractChangeSheetFacts {
  readonly change: ContractChange;
  readonly contractNo: string;
}

/**
 * 合同变更 (28_1): the contract, the reason, and every field the change proposes, before → after
 * (only the fields it changes; 服务经理 by name, the rate in percent, amounts in 万元).
 */
export function contractChangeSheet({
  change,
  contractNo,
}: ContractChangeSheetFacts): ApprovalSheet {
  const changed = CHANGEABLE_FIELDS.filter(
    (f) =>
      f !== 'serviceManagerId' &&
      JSON.stringify(change.previous[f]) !== JSON.stringify(change.proposed[f]),
  ).map((f): SheetFigure => {
    const before = fieldText(f, change.previous);
    const after = fieldText(f, change.proposed);
    const name = f === 'serviceManagerName' ? '服务经理' : label(f);
    if (AMOUNT_FIELDS.has(f)) return figure.amount(f, name, after, before);
    if (f === 'realAmountRate') return { ...figure.rate(f, name, after), before };
    return { ...figure.text(f, name, after), before };
  });
  return {
    recordKind: null,
    recordId: String(change.changeId),
    source: 'record',
    title: '合同变更',
    sections: [
      {
        title: '合同信息',
        figures: [
          text('contractName', change.previous.contractName),
          text('contractNo', contractNo),
          figure.text('reason', '变更原因', change.reason),
          figure.text('createBy', '申请人', change.createBy),
          figure.text('status', '状态', statusText(change.status)),
        ],
      },
      { title: '变更内容（变更前 → 变更后）', figures: changed },
    ],
  };
}

/**
 * 备案变更 (12_x): the filing, the reason, and every field the change proposes, before → after by
 * its label (only the fields it changes; amounts in 万元), with the split the change recomputes.
 */
export function lixiangChangeSheet(change: LixiangChange): ApprovalSheet {
  const changedFields = [...LIXIANG_CHANGEABLE_FIELDS].filter(
    (f) => change.previous[f] !== change.proposed[f],
  );
  const changed = changedFields.map((f): SheetFigure => {
    const before = change.previous[f];
    const after = change.proposed[f];
    return AMOUNT_FIELDS.has(f)
      ? figure.amount(f, lixiangFieldLabel(f), after, before)
      : { ...figure.text(f, lixiangFieldLabel(f), after), before };
  });
  return {
    recordKind: null,
    recordId: String(change.changeId),
    source: 'record',
    title: '备案变更',
    sections: [
      {
        title: '备案信息',
        figures: [
          text('lxNo', change.previous.lxNo),
          text('projectName', change.previous.projectName),
          text('bizSource', BIZ_SOURCE_LABELS[change.previous.bizSource]),
          figure.text('reason', '变更原因', change.reason),
          figure.text('createBy', '申请人', change.createBy),
          figure.text('status', '状态', statusText(change.status)),
        ],
      },
      { title: '变更内容（变更前 → 变更后）', figures: changed },
    ],
  };
}

/** A sub-contract with what its pay items and extensions add up to, and its contract's number. */
export interface ContractChildSheetFacts {
  readonly child: ContractChildSummary;
  readonly contractNo: string;
}

/** 付款合同 (5_x): the sub-contract, its payee and amount, and what is paid and payable on it. */
export function contractChildSheet({
  child: c,
  contractNo,
}: ContractChildSheetFacts): ApprovalSheet {
  return {
    recordKind: null,
    recordId: String(c.contractChildId),
    source: 'record',
    title: '付款合同',
    sections: [
      {
        title: '分包合同信息',
        figures: [
          figure.text('contractName', '主合同名称', c.contractName),
          figure.text('contractNo', '主合同编号', contractNo),
          text('contractChildNo', c.contractChildNo),
          text('childType', CHILD_TYPE_LABELS[c.childType]),
          text('paymentMethod', c.paymentMethod),
          text('content', c.content),
          text('receiveCompanyName', c.receiveCompanyName),
          figure.rate('taxRate', '税率', fractionPercent(c.taxRate)),
          figure.text('createBy', '申请人', c.createBy),
          figure.text('status', '状态', statusText(c.status)),
        ],
      },
      {
        title: '金额',
        figures: [
          figure.amount('totalAmount', '分包金额', c.totalAmount),
          figure.amount('extendAmount', '补充金额', c.extendAmount),
          figure.amount('paidAmount', '已付金额', c.paidAmount),
          figure.amount('canPayAmount', '可付金额', c.canPayAmount),
        ],
      },
    ],
  };
}
