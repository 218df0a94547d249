import { SIDE_PANEL_CONTRACT_TYPES } from '@dpms/core';
import { exportQuery, type ContractListKind } from '@dpms/http-client';

/** Which records a list shows; the side panel's stored type may narrow it (see below). */
export type ContractListMode = 'stay' | 'declare' | 'contract' | 'formal';

export interface Filter extends Record<string, unknown> {
  projectName: string;
  contractName: string;
  contractNo: string;
  entrustBusinessName: string;
  bizSource: string;
  status: string;
  effective: string;
  stage: string;
  signDateBegin: string;
  signDateEnd: string;
}

export const EMPTY: Filter = {
  projectName: '',
  contractName: '',
  contractNo: '',
  entrustBusinessName: '',
  bizSource: '',
  status: '',
  effective: '',
  stage: '',
  signDateBegin: '',
  signDateEnd: '',
};

/** The side panel's stored contract types, by the group they come from. */
export const TYPE_NAMES: Readonly<Record<string, string>> = {
  [SIDE_PANEL_CONTRACT_TYPES.unEffective]: '待生效项目',
  [SIDE_PANEL_CONTRACT_TYPES.unSign]: '待签约项目',
  [SIDE_PANEL_CONTRACT_TYPES.approval]: '审批项目',
};

export const TITLES: Record<ContractListMode, string> = {
  stay: '未签合同',
  declare: '立项合同',
  contract: '审批合同',
  formal: '合同列表',
};

/** The list call a mode reads, and the stage filter of /v4/contract/list. */
export function source(
  mode: ContractListMode,
  unEffectiveOnly: boolean,
): { kind: ContractListKind; stage?: string } {
  if (mode === 'stay') return { kind: unEffectiveOnly ? 'unEffective' : 'stay' };
  if (mode === 'declare') return { kind: 'declare' };
  return { kind: 'contract', stage: mode };
}

/** The export a list offers: the same filters, as .xlsx. */
export function exportUrl(mode: ContractListMode, f: Record<string, unknown>): string {
  if (mode === 'declare') return `/project/declare/export${exportQuery(f)}`;
  if (mode === 'stay') return `/project/contract/exportList${exportQuery({ ...f, stage: 'stay' })}`;
  return `/v4/contract/export${exportQuery(f)}`;
}
