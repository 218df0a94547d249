import type { ApprovalStatus } from '../approval/approval-status.js';
import type { BizSource, FeeRates } from '../fees/fee-rates.js';

/**
 * Where a contract stands (001 §1, §4). One record moves through the stages:
 * - 'stay': unsigned (待签) contract; confirmed effective or not, never approved;
 * - 'declare': declared project (立项合同), filed through a 2_x approval;
 * - 'contract': a contract being drafted or reviewed (1_x contract review approval);
 * - 'formal': a contract whose review was approved, or one recorded by addHistory.
 * stay → contract (convertByStaySign), declare → contract (convertByDeclareProject),
 * contract → formal (its review approved). Nothing moves backwards.
 */
export const CONTRACT_STAGES = ['stay', 'declare', 'contract', 'formal'] as const;
export type ContractStage = (typeof CONTRACT_STAGES)[number];

export const CONTRACT_STAGE_LABELS: Readonly<Record<ContractStage, string>> = {
  stay: '未签合同',
  declare: '立项合同',
  contract: '合同（待审）',
  formal: '正式合同',
};

/** bizType values (001 §3): planning, programming, architecture, landscape, interior. */
export const CONTRACT_BIZ_TYPES = ['1', '2', '3', '4', '5'] as const;
export type ContractBizType = (typeof CONTRACT_BIZ_TYPES)[number];
export const CONTRACT_BIZ_TYPE_LABELS: Readonly<Record<ContractBizType, string>> = {
  '1': '规划',
  '2': '策划',
  '3': '建筑',
  '4': '景观',
  '5': '室内',
};

export const BIZ_SOURCE_LABELS: Readonly<Record<BizSource, string>> = {
  '1': '市场',
  '2': '院内',
  '3': '联合设计',
};

/** One entrusted design stage (entrustList). */
export interface EntrustStage {
  readonly designStageId: string;
  readonly designStageName: string;
}

/** What a person enters for a contract (001 §3): text trimmed, amounts as decimal strings in 万元. */
export interface ContractFields {
  readonly projectName: string;
  readonly contractName: string;
  readonly entrustBusinessName: string;
  readonly contractNo: string;
  readonly signByMain: string;
  readonly signBySub: string;
  readonly subBankName: string;
  readonly bizSource: BizSource;
  readonly location: string;
  readonly serviceManagerId: number | null;
  readonly serviceManagerName: string;
  /** Areas in 10k m2, decimal strings. */
  readonly planArea: string;
  readonly buildArea: string;
  readonly sceneryArea: string;
  readonly indoorArea: string;
  readonly totalAmount: string;
  readonly receiveAmount: string;
  readonly cleanAmount: string;
  /** As entered; ignored (computed) under the 2024 market rule. */
  readonly directFee: string;
  /** Joint business: the chosen fraction of cleanAmount; '' elsewhere. */
  readonly realAmountRate: string;
  readonly bizType: ContractBizType | '';
  readonly entrustTask: string;
  readonly entrustList: readonly EntrustStage[];
  readonly termsContent: string;
  readonly specialTerms: string;
  readonly instructions: string;
  readonly performContent: string;
  readonly trackRecord: string;
  /** yyyy-MM-dd, or null when not signed yet. */
  readonly signDate: string | null;
  /** File ids the server issued. */
  readonly files: readonly string[];
  readonly contractFiles: readonly string[];
}

/** The fee split as stored (001 §3 "Fee split"); every value a canonical decimal string in 万元. */
export interface ContractFees {
  readonly realAmount: string;
  readonly directFee: string;
  readonly technicalFee: string;
  readonly expertFee: string;
  readonly operateFee: string;
  readonly designFee: string;
  /** Set by the closing of the case (later domain); 0 until then. */
  readonly settleAmount: string;
  readonly closedCaseAmount: string;
  readonly backAmount: string;
}

/** A stored contract. */
export interface Contract extends Omit<ContractFields, 'directFee'>, ContractFees {
  readonly contractId: number;
  readonly stage: ContractStage;
  /**
   * The approval status (-1 to submit, 0 in approval, 1 approved, 2 rejected, 3 withdrawn) of the
   * contract's latest approval; -1 when none; 1 for formal contracts.
   */
  readonly status: ApprovalStatus;
  /** Unsigned contracts only: confirmed effective. */
  readonly effective: boolean;
  /** The stage a converted contract came from. */
  readonly convertedFrom: 'stay' | 'declare' | null;
  readonly approvalId: string | null;
  /** The contract change (28_1) in approval, which locks the contract; null or absent when none. */
  readonly changeId?: number | null;
  /** The rates the fees were computed with, kept so the split can be redone exactly. */
  readonly feeRates: FeeRates;
  readonly version: number;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateTime: Date;
}

/** One line of a contract's history: who did what, when, and which fields changed. */
export interface ContractHistoryEntry {
  readonly contractId: number;
  readonly action: string;
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
  readonly userId: number;
  readonly userName: string;
  /** Who acted, by name (`personNameOf`), as read back; the login stays in `userName`. */
  readonly createByName?: string;
  readonly at: Date;
}
