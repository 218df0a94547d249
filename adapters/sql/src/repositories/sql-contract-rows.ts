/** The contract table's rows as core's Contract and back: columns, amounts, JSON fields. */
import {
  personNameOf,
  CONTRACT_ERROR_CODES,
  CONTRACT_MESSAGES,
  MoneyDecimal,
  domainError,
  toAmountString,
  type ApprovalStatus,
  type Contract,
  type DomainError,
  type NewContract,
} from '@dpms/core';
import { type ColumnType } from 'kysely';
import type { Database } from '../database/schema.js';

export const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

export const json = (v: unknown): string => JSON.stringify(v);
export const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);

export const duplicateNo = (): DomainError =>
  domainError(CONTRACT_ERROR_CODES.duplicateNo, CONTRACT_MESSAGES.duplicateNo, 'contractNo');

export function fieldColumns(f: NewContract['fields']) {
  return {
    project_name: f.projectName,
    contract_name: f.contractName,
    entrust_business_name: f.entrustBusinessName,
    contract_no: f.contractNo,
    sign_by_main: f.signByMain,
    sign_by_sub: f.signBySub,
    sub_bank_name: f.subBankName,
    biz_source: f.bizSource,
    location: f.location,
    service_manager_id: f.serviceManagerId,
    service_manager_name: f.serviceManagerName,
    plan_area: f.planArea,
    build_area: f.buildArea,
    scenery_area: f.sceneryArea,
    indoor_area: f.indoorArea,
    total_amount: f.totalAmount,
    receive_amount: f.receiveAmount,
    clean_amount: f.cleanAmount,
    direct_fee: f.directFee,
    real_amount_rate: f.realAmountRate,
    biz_type: f.bizType,
    entrust_task: f.entrustTask,
    entrust_list: json(f.entrustList),
    terms_content: f.termsContent,
    special_terms: f.specialTerms,
    instructions: f.instructions,
    perform_content: f.performContent,
    track_record: f.trackRecord,
    sign_date: f.signDate,
    files: json(f.files),
    contract_files: json(f.contractFiles),
  };
}

export function feeColumns(f: NewContract['fees']) {
  return {
    real_amount: f.realAmount,
    direct_fee: f.directFee,
    technical_fee: f.technicalFee,
    expert_fee: f.expertFee,
    operate_fee: f.operateFee,
    design_fee: f.designFee,
    settle_amount: f.settleAmount,
    closed_case_amount: f.closedCaseAmount,
    back_amount: f.backAmount,
  };
}

export function stateColumns(s: NewContract['state']) {
  return {
    stage: s.stage,
    status: s.status,
    effective: s.effective,
    converted_from: s.convertedFrom,
    approval_id: s.approvalId === null ? null : Number(s.approvalId),
  };
}

export type ContractRow = Database['contract'] extends infer T
  ? {
      [K in keyof T]: T[K] extends ColumnType<infer S, unknown, unknown> ? S : T[K];
    }
  : never;

export function toContract(
  r: ContractRow & {
    effective_status: number;
    live_change_id?: number | null;
    fig_back: string;
    create_by_name?: string | null;
  },
): Contract {
  return {
    changeId: r.live_change_id ?? null,
    contractId: r.contract_id,
    stage: r.stage,
    status: Number(r.effective_status) as ApprovalStatus,
    effective: r.effective,
    convertedFrom: r.converted_from,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    projectName: r.project_name,
    contractName: r.contract_name,
    entrustBusinessName: r.entrust_business_name,
    contractNo: r.contract_no,
    signByMain: r.sign_by_main,
    signBySub: r.sign_by_sub,
    subBankName: r.sub_bank_name,
    bizSource: r.biz_source as Contract['bizSource'],
    location: r.location,
    serviceManagerId: r.service_manager_id,
    serviceManagerName: r.service_manager_name,
    planArea: amount(r.plan_area),
    buildArea: amount(r.build_area),
    sceneryArea: amount(r.scenery_area),
    indoorArea: amount(r.indoor_area),
    totalAmount: amount(r.total_amount),
    // 已收金额 is the read model's 已收 (Σ live back money), never the column a form once typed.
    receiveAmount: amount(r.fig_back),
    cleanAmount: amount(r.clean_amount),
    realAmount: amount(r.real_amount),
    realAmountRate: r.real_amount_rate,
    directFee: amount(r.direct_fee),
    technicalFee: amount(r.technical_fee),
    expertFee: amount(r.expert_fee),
    operateFee: amount(r.operate_fee),
    designFee: amount(r.design_fee),
    settleAmount: amount(r.settle_amount),
    closedCaseAmount: amount(r.closed_case_amount),
    backAmount: amount(r.back_amount),
    feeRates: parsed(r.fee_rates, {}),
    bizType: r.biz_type as Contract['bizType'],
    entrustTask: r.entrust_task,
    entrustList: parsed(r.entrust_list, []),
    termsContent: r.terms_content,
    specialTerms: r.special_terms,
    instructions: r.instructions,
    performContent: r.perform_content,
    trackRecord: r.track_record,
    signDate: r.sign_date,
    files: parsed(r.files, []),
    contractFiles: parsed(r.contract_files, []),
    version: r.version,
    deptId: r.dept_id,
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}
