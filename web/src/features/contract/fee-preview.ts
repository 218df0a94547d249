import {
  CONTRACT_MESSAGES,
  FEE_RATE_DICT_TYPES,
  feeSourceOf,
  isDirectFeeReadOnly,
  normalizeAmountInput,
  rateSetFromDict,
  splitFees,
  type FeeRateSets,
  type FeeSplit,
} from '@dpms/core';

/** The stages a contract form edits (formal = a contract signed before the system). */
export type FormStage = 'stay' | 'declare' | 'contract' | 'formal';

/** What the form holds: every field as typed. */
export interface ContractFormValues {
  projectName: string;
  contractName: string;
  entrustBusinessName: string;
  contractNo: string;
  signByMain: string;
  signBySub: string;
  bizSource: string;
  bizType: string;
  location: string;
  signDate: string;
  totalAmount: string;
  receiveAmount: string;
  cleanAmount: string;
  directFee: string;
  realAmountRate: string;
  entrustTask: string;
}

export const EMPTY_CONTRACT_FORM: ContractFormValues = {
  projectName: '',
  contractName: '',
  entrustBusinessName: '',
  contractNo: '',
  signByMain: '',
  signBySub: '',
  bizSource: '1',
  bizType: '',
  location: '',
  signDate: '',
  totalAmount: '',
  receiveAmount: '',
  cleanAmount: '',
  directFee: '',
  realAmountRate: '',
  entrustTask: '',
};

/** The amount fields of the form; each goes through core's input filter on every keystroke. */
export const AMOUNT_FIELDS = ['totalAmount', 'cleanAmount', 'directFee'] as const;

/**
 * The live filter of a contract amount (万元, 4 decimals): letters, signs and extra dots are
 * dropped as typed, so neither a letter nor a negative amount can be entered (core's filter).
 */
export const filterAmount = (raw: string): string => normalizeAmountInput(raw, 1, 'totalAmount');

/** The four rate sets from their dictionaries (label = rate key, value = rate). */
export function rateSetsFromDicts(
  dicts: Partial<
    Record<keyof typeof FEE_RATE_DICT_TYPES, readonly { dictLabel: string; dictValue: string }[]>
  >,
): FeeRateSets {
  const sets: FeeRateSets = {};
  for (const category of Object.keys(FEE_RATE_DICT_TYPES) as (keyof typeof FEE_RATE_DICT_TYPES)[]) {
    const items = dicts[category];
    if (items) sets[category] = rateSetFromDict(items);
  }
  return sets;
}

/** Whether the directFee field is read-only: market contracts signed from 2024-04-01 (001 §5). */
export const directFeeLocked = (
  stage: FormStage,
  v: Pick<ContractFormValues, 'bizSource' | 'signDate'>,
): boolean => stage !== 'declare' && isDirectFeeReadOnly(v.bizSource, v.signDate);

export type FeePreview =
  | { readonly ok: true; readonly split: FeeSplit }
  | { readonly ok: false; readonly message: string; readonly field?: string | undefined };

/**
 * The live fee preview: core's `splitFees` over what the form holds, with the rate set of the
 * record's source (a declared project splits by the declare set), exactly as the server does.
 * A blank clean amount is the total amount, as on the server.
 */
export function previewFees(
  stage: FormStage,
  v: ContractFormValues,
  rateSets: FeeRateSets,
): FeePreview {
  if (v.totalAmount.trim() === '') {
    return { ok: false, message: CONTRACT_MESSAGES.required('totalAmount') };
  }
  const source = feeSourceOf(stage, {
    bizSource: (v.bizSource || '1') as '1' | '2' | '3',
  });
  const split = splitFees({
    bizSource: source,
    signDate: v.signDate,
    totalAmount: v.totalAmount,
    cleanAmount: v.cleanAmount.trim() === '' ? v.totalAmount : v.cleanAmount,
    directFee: v.directFee,
    realAmountRate: v.realAmountRate,
    rateSets,
  });
  if (!split.ok) return { ok: false, message: split.error.message, field: split.error.field };
  return { ok: true, split: split.value };
}

/** The body a form sends: the fields, plus the previewed fees for the server to check. */
export function contractBody(
  stage: FormStage,
  v: ContractFormValues,
  preview: FeePreview,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...v };
  // The server sums 已收金额 from the registered back money; a form never sends one.
  delete body['receiveAmount'];
  if (v.bizType === '') delete body['bizType'];
  if (v.signDate === '') delete body['signDate'];
  if (v.realAmountRate === '' || v.bizSource !== '3') delete body['realAmountRate'];
  if (preview.ok) {
    const s = preview.split;
    // A computed directFee is sent as computed; the server refuses any other value.
    if (directFeeLocked(stage, v)) body['directFee'] = s.directFee;
    Object.assign(body, {
      realAmount: s.realAmount,
      technicalFee: s.technicalFee,
      operateFee: s.operateFee,
      expertFee: s.expertFee,
      designFee: s.designFee,
    });
  }
  return body;
}
