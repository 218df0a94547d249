import type { ContractDocType } from './contract-doc-type.js';

/**
 * The figures of the contract clauses (001 §9), as data: the clause texts are built from them,
 * so a test (or a lawyer) reads each figure once. Party A (甲方) is the institute, party B (乙方)
 * the outside party that performs and is paid.
 */
export const CONTRACT_CLAUSE_TERMS = {
  common: {
    confidentialityYears: 5,
    vatRatePercent: 6,
    copies: 4,
    copiesPerParty: 2,
  },
  /** Types 1 and 2. */
  technical: {
    replyWithinHours: 24,
    penaltyPerMilleOfTotal: 5,
    suspendWhenPaymentLateDays: 30,
  },
  /** Type 3. */
  expert: {
    penaltyPercentOfTotal: 0.5,
    paymentStopAfterOverdueDays: 30,
  },
  /** Type 6. */
  drafting: {
    latePenaltyPercentPerDay: 0.02,
  },
  /** Type 7. */
  graphics: {
    payInFullWithinDays: 30,
    freeDeliveryWithinKm: 6,
  },
  /** Type 8. */
  serviceGuidance: {
    bookingHoursAhead: 72,
    changeHoursAhead: 24,
    nonSolicitationMonths: 10,
    nonSolicitationPenaltyYuan: 20_000,
    setupFeeYuan: 500,
    refundWithinWorkingDays: 30,
  },
} as const;

export interface ContractClause {
  /** 1-based clause number within the document's clause list. */
  readonly no: number;
  /** Stable key, e.g. 'confidentiality', for tests and for layout. */
  readonly key: string;
  readonly title: string;
  readonly text: string;
  /** The figures the text states. */
  readonly terms: Readonly<Record<string, number>>;
}

type Draft = Omit<ContractClause, 'no'>;

const T = CONTRACT_CLAUSE_TERMS;

const COMMON: readonly Draft[] = [
  {
    key: 'confidentiality',
    title: '保密',
    text: `双方对在履行本合同过程中知悉的对方商业秘密、技术资料及项目信息负有保密义务，未经对方书面同意不得向第三方披露。保密期限为${T.common.confidentialityYears}年，自本合同签订之日起计算，不因本合同的解除或终止而失效。`,
    terms: { confidentialityYears: T.common.confidentialityYears },
  },
  {
    key: 'invoice',
    title: '发票与税费',
    text: `本合同价款按乙方开具税率为${T.common.vatRatePercent}%的增值税发票确定。乙方开具的发票税率低于${T.common.vatRatePercent}%的，甲方有权从应付款项中扣除相应的税差。`,
    terms: { vatRatePercent: T.common.vatRatePercent },
  },
  {
    key: 'copies',
    title: '合同份数',
    text: `本合同一式${T.common.copies}份，甲、乙双方各执${T.common.copiesPerParty}份，具有同等法律效力，自双方签字盖章之日起生效。`,
    terms: { copies: T.common.copies, copiesPerParty: T.common.copiesPerParty },
  },
];

const TECHNICAL: readonly Draft[] = [
  {
    key: 'replyTime',
    title: '响应时限',
    text: `乙方应在收到甲方咨询或服务需求后${T.technical.replyWithinHours}小时内予以答复。`,
    terms: { replyWithinHours: T.technical.replyWithinHours },
  },
  {
    key: 'penalty',
    title: '违约责任',
    text: `任何一方逾期付款或不履行本合同约定义务的，应按合同总价的${T.technical.penaltyPerMilleOfTotal}‰向对方支付违约金。`,
    terms: { penaltyPerMilleOfTotal: T.technical.penaltyPerMilleOfTotal },
  },
  {
    key: 'suspension',
    title: '暂停工作',
    text: `甲方逾期付款超过${T.technical.suspendWhenPaymentLateDays}日的，乙方有权暂停工作，直至甲方付清应付款项，由此延误的工期由甲方承担。`,
    terms: { suspendWhenPaymentLateDays: T.technical.suspendWhenPaymentLateDays },
  },
];

const BY_TYPE: Readonly<Record<ContractDocType, readonly Draft[]>> = {
  1: TECHNICAL,
  2: TECHNICAL,
  3: [
    {
      key: 'penalty',
      title: '违约责任',
      text: `任何一方违反本合同约定的，应按合同总价的${T.expert.penaltyPercentOfTotal}%向对方支付违约金。`,
      terms: { penaltyPercentOfTotal: T.expert.penaltyPercentOfTotal },
    },
    {
      key: 'paymentStop',
      title: '停止服务',
      text: `甲方逾期付款超过${T.expert.paymentStopAfterOverdueDays}日的，乙方有权停止顾问服务，直至甲方付清应付款项。`,
      terms: { paymentStopAfterOverdueDays: T.expert.paymentStopAfterOverdueDays },
    },
  ],
  6: [
    {
      key: 'latePenalty',
      title: '逾期付款',
      text: `甲方逾期付款的，每逾期一日，应按未付金额的${T.drafting.latePenaltyPercentPerDay}%向乙方支付违约金。`,
      terms: { latePenaltyPercentPerDay: T.drafting.latePenaltyPercentPerDay },
    },
  ],
  7: [
    {
      key: 'payment',
      title: '付款方式',
      text: `甲方应在本合同签订之日起${T.graphics.payInFullWithinDays}日内一次性付清全部合同价款。`,
      terms: { payInFullWithinDays: T.graphics.payInFullWithinDays },
    },
    {
      key: 'delivery',
      title: '交付',
      text: `乙方负责将制作成果送达甲方指定地点，${T.graphics.freeDeliveryWithinKm}公里范围内免费送货。`,
      terms: { freeDeliveryWithinKm: T.graphics.freeDeliveryWithinKm },
    },
  ],
  8: [
    {
      key: 'booking',
      title: '服务预约',
      text: `甲方需要乙方提供服务指导的，应至少提前${T.serviceGuidance.bookingHoursAhead}小时向乙方预约。`,
      terms: { bookingHoursAhead: T.serviceGuidance.bookingHoursAhead },
    },
    {
      key: 'change',
      title: '服务变更',
      text: `任何一方需变更已预约的服务时间或内容的，应至少提前${T.serviceGuidance.changeHoursAhead}小时通知对方。`,
      terms: { changeHoursAhead: T.serviceGuidance.changeHoursAhead },
    },
    {
      key: 'nonSolicitation',
      title: '禁止招揽',
      text: `本合同履行期间及终止后${T.serviceGuidance.nonSolicitationMonths}个月内，甲方不得直接或间接聘用乙方派出的服务人员；违反本条的，甲方应向乙方支付违约金${T.serviceGuidance.nonSolicitationPenaltyYuan}元。`,
      terms: {
        nonSolicitationMonths: T.serviceGuidance.nonSolicitationMonths,
        nonSolicitationPenaltyYuan: T.serviceGuidance.nonSolicitationPenaltyYuan,
      },
    },
    {
      key: 'refund',
      title: '退款',
      text: `甲方申请退款的，乙方扣除初始设置费${T.serviceGuidance.setupFeeYuan}元后，应在${T.serviceGuidance.refundWithinWorkingDays}个工作日内将余款退还甲方。`,
      terms: {
        setupFeeYuan: T.serviceGuidance.setupFeeYuan,
        refundWithinWorkingDays: T.serviceGuidance.refundWithinWorkingDays,
      },
    },
  ],
};

/**
 * The clauses of a document type, numbered from 1: the type's own clauses first, then the common
 * ones (why: confidentiality, tax and copies close a contract, as the copies clause must).
 */
export const contractClauses = (type: ContractDocType): readonly ContractClause[] =>
  [...BY_TYPE[type], ...COMMON].map((clause, i) => ({ no: i + 1, ...clause }));

const CHINESE_DIGITS = '零一二三四五六七八九';

/** 第一条 … 第九十九条: how a clause number is printed. */
export const clauseHeading = (no: number): string => {
  if (!Number.isInteger(no) || no < 1 || no > 99) throw new RangeError(`clause number ${no}`);
  const tens = Math.floor(no / 10);
  const ones = no % 10;
  const tensText = tens === 0 ? '' : `${tens === 1 ? '' : CHINESE_DIGITS.charAt(tens)}十`;
  const onesText = ones === 0 ? '' : CHINESE_DIGITS.charAt(ones);
  return `第${tensText}${onesText}条`;
};
