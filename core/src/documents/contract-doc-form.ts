import { domainError, err, ok, type Result } from '../shared/result.js';
import { amountInWords } from '../money/amount-in-words.js';
import { normalizeAmountInput } from '../money/amount-input.js';
import {
  COMPANY_SETTING_KEYS,
  EMPTY_COMPANY_SETTINGS,
  type CompanySettings,
} from './company-settings.js';
import {
  CONTRACT_DOC_FIELDS_BY_TYPE,
  CONTRACT_DOC_FIELD_NAMES,
  EMPTY_CONTRACT_DOC_VALUES,
  GRAPHICS_PRODUCTION_TYPES,
  contractDocFieldLabel,
  contractDocFieldSpec,
  hasContractDocField,
  hasProjectAndStage,
  type ContractDocFieldName,
  type ContractDocValues,
} from './contract-doc-fields.js';
import {
  sameOption,
  projectNameOf,
  splitStageList,
  STAGE_LIST_SEPARATOR,
  type MajorOption,
  type OptionValue,
  type ProcessCostItem,
  type ProjectOption,
  type TaskOption,
} from './contract-doc-options.js';
import { contractDocTitle, contractNameFor, resolveContractName } from './contract-doc-titles.js';
import type { ContractDocType } from './contract-doc-type.js';
import { DOCUMENT_MESSAGES } from './documents-messages.js';

/** The contract document form: the values shown and the options the choices offer. */
export interface ContractDocState {
  readonly type: ContractDocType;
  readonly readOnly: boolean;
  readonly values: ContractDocValues;
  readonly projectOptions: readonly ProjectOption[];
  /** The current project's task orders. */
  readonly stageOptions: readonly TaskOption[];
  /** Type 6: the chosen task order's disciplines. */
  readonly disciplineOptions: readonly MajorOption[];
  /** Type 7: where the deliverable comes from. */
  readonly processCosts: readonly ProcessCostItem[];
}

/** A stored document as the server sends it: any of the fields, as text or number. */
export type ContractDocData = Readonly<
  Partial<Record<ContractDocFieldName, string | number | null | undefined>>
>;

export interface LoadContractDocInput {
  readonly type: ContractDocType;
  readonly readOnly?: boolean;
  readonly data?: ContractDocData;
  readonly settings?: Partial<CompanySettings>;
  readonly projects?: readonly ProjectOption[];
  readonly processCosts?: readonly ProcessCostItem[];
}

export type AmountField = 'totalAmount' | 'withinAmount';

const fail = (code: string, message: string, field?: string): Result<never> =>
  err(domainError(code, message, field));

/** Every field as text; numbers become their decimal text, anything else ''. */
export const toContractDocValues = (data: ContractDocData = {}): ContractDocValues => {
  const values: Record<ContractDocFieldName, string> = { ...EMPTY_CONTRACT_DOC_VALUES };
  for (const name of CONTRACT_DOC_FIELD_NAMES) {
    const value = data[name];
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[name] = String(value);
  }
  return values;
};

/** The values with only the type's fields kept, the rest ''. */
const keepTypeFields = (type: ContractDocType, values: ContractDocValues): ContractDocValues => {
  const kept: Record<ContractDocFieldName, string> = { ...EMPTY_CONTRACT_DOC_VALUES };
  for (const name of CONTRACT_DOC_FIELDS_BY_TYPE[type]) kept[name] = values[name];
  return kept;
};

/** Amount words are always computed, never taken from input (001 §3). */
const withWords = (type: ContractDocType, values: ContractDocValues): ContractDocValues => ({
  ...values,
  upValue: amountInWords(values.totalAmount),
  withinUpValue: type === 8 ? amountInWords(values.withinAmount) : '',
});

/**
 * Party A from the settings. Why a stored value wins over the setting: a saved or signed contract
 * keeps the party A details it was drawn up with even after the institute's settings change;
 * only what is empty is filled, and a missing setting leaves the field empty.
 */
const withPartyA = (
  values: ContractDocValues,
  settings: Partial<CompanySettings>,
): ContractDocValues => {
  const filled: Record<ContractDocFieldName, string> = { ...values };
  for (const key of COMPANY_SETTING_KEYS) {
    if (filled[key].trim() === '') filled[key] = (settings[key] ?? '').trim();
  }
  return filled;
};

const findProject = (projects: readonly ProjectOption[], value: OptionValue | string) =>
  projects.find((project) => sameOption(project.value, value));

const findTask = (tasks: readonly TaskOption[], value: OptionValue | string) =>
  tasks.find((task) => sameOption(task.value, value));

const deliverableOf = (task: TaskOption, processCosts: readonly ProcessCostItem[]): string =>
  processCosts.find((row) => sameOption(row.designStageId, task.designStageId))
    ?.projectResultContent ?? '';

/** Stage and discipline options that follow from the values and the lists. */
const optionsFor = (
  type: ContractDocType,
  values: ContractDocValues,
  projects: readonly ProjectOption[],
): Pick<ContractDocState, 'stageOptions' | 'disciplineOptions'> => {
  if (!hasProjectAndStage(type) || values.contractId === '') {
    return { stageOptions: [], disciplineOptions: [] };
  }
  const stageOptions = findProject(projects, values.contractId)?.taskList ?? [];
  const task =
    type === 6 && values.designStageId !== ''
      ? findTask(stageOptions, values.designStageId)
      : undefined;
  return { stageOptions, disciplineOptions: task?.majorList ?? [] };
};

/**
 * Load (001 §4): the given data fills the fields; the amounts pass the input filter and their
 * words are recomputed; the name is fixed to end with the type title; party A is filled from the
 * settings; the stage and discipline options follow the stored project and task order. Why the
 * stored stage is kept even when it is not in the current task list: a read-only or old document
 * must show what was saved; the next project choice clears it.
 */
export const loadContractDoc = (input: LoadContractDocInput): ContractDocState => {
  const { type } = input;
  const projects = input.projects ?? [];
  let values = keepTypeFields(type, toContractDocValues(input.data));
  values = withPartyA(values, input.settings ?? EMPTY_COMPANY_SETTINGS);
  values = {
    ...values,
    totalAmount: normalizeAmountInput(values.totalAmount, type, 'totalAmount'),
    withinAmount: type === 8 ? normalizeAmountInput(values.withinAmount, type, 'withinAmount') : '',
  };
  values = withWords(type, values);
  values = { ...values, contractName: resolveContractName(type, values) };
  return {
    type,
    readOnly: input.readOnly ?? false,
    values,
    projectOptions: projects,
    ...optionsFor(type, values, projects),
    processCosts: input.processCosts ?? [],
  };
};

/** Settings that arrive after load fill party A's empty fields (allowed when read-only too). */
export const applyCompanySettings = (
  state: ContractDocState,
  settings: Partial<CompanySettings>,
): ContractDocState => ({ ...state, values: withPartyA(state.values, settings) });

/** Option lists that arrive after load; the stage and discipline options follow them. */
export const applyContractDocOptions = (
  state: ContractDocState,
  lists: {
    readonly projects?: readonly ProjectOption[];
    readonly processCosts?: readonly ProcessCostItem[];
  },
): ContractDocState => {
  const projectOptions = lists.projects ?? state.projectOptions;
  return {
    ...state,
    projectOptions,
    processCosts: lists.processCosts ?? state.processCosts,
    ...optionsFor(state.type, state.values, projectOptions),
  };
};

const checkEditable = (state: ContractDocState): Result<true> =>
  state.readOnly ? fail('DOCUMENT.READ_ONLY', DOCUMENT_MESSAGES.readOnly) : ok(true);

const checkHasProject = (state: ContractDocState, what: string): Result<true> =>
  hasProjectAndStage(state.type)
    ? ok(true)
    : fail(
        'DOCUMENT.NOT_APPLICABLE',
        DOCUMENT_MESSAGES.notApplicable(what, contractDocTitle(state.type)),
      );

/**
 * Choose a project (001 §4): contractId and the name (project name + title); the stage options
 * become its task list; the stage is cleared, and with it type 6's discipline and type 7's
 * deliverable.
 */
export const chooseProject = (
  state: ContractDocState,
  projectValue: OptionValue,
): Result<ContractDocState> => {
  const editable = checkEditable(state);
  if (!editable.ok) return editable;
  const applicable = checkHasProject(state, '项目');
  if (!applicable.ok) return applicable;
  const project = findProject(state.projectOptions, projectValue);
  if (project === undefined) {
    return fail('DOCUMENT.UNKNOWN_OPTION', DOCUMENT_MESSAGES.unknownOption('项目'), 'projectName');
  }
  const projectName = projectNameOf(project);
  const values: ContractDocValues = {
    ...state.values,
    contractId: String(project.value),
    projectName,
    contractName: contractNameFor(projectName, state.type),
    designStage: '',
    designStageId: '',
    ...(state.type === 6 ? { majorId: '', majorName: '' } : {}),
    ...(state.type === 7 ? { projectResultContent: '' } : {}),
  };
  return ok({ ...state, values, stageOptions: project.taskList ?? [], disciplineOptions: [] });
};

/**
 * Choose the stage (task order) (001 §3, §4): sets its id and text. Type 3 takes several, kept
 * comma-separated in the order of the task list (why: one spelling per selection, whatever order
 * the person clicked in); an empty selection clears it. Other types take exactly one. Type 6
 * loads the task's disciplines and clears the discipline; type 7 fills the deliverable from the
 * process-cost row of the task's design stage ('' when there is none).
 */
export const chooseStage = (
  state: ContractDocState,
  selection: OptionValue | readonly OptionValue[],
): Result<ContractDocState> => {
  const editable = checkEditable(state);
  if (!editable.ok) return editable;
  const applicable = checkHasProject(state, '设计阶段');
  if (!applicable.ok) return applicable;
  const wanted = (Array.isArray(selection) ? selection : [selection]) as readonly OptionValue[];
  if (state.type !== 3 && wanted.length !== 1) {
    return fail('DOCUMENT.SINGLE_STAGE_ONLY', DOCUMENT_MESSAGES.singleStageOnly, 'designStage');
  }
  if (!wanted.every((value) => findTask(state.stageOptions, value) !== undefined)) {
    return fail(
      'DOCUMENT.UNKNOWN_OPTION',
      DOCUMENT_MESSAGES.unknownOption('设计阶段'),
      'designStage',
    );
  }
  const chosen = state.stageOptions.filter((task) =>
    wanted.some((value) => sameOption(task.value, value)),
  );
  const values: ContractDocValues = {
    ...state.values,
    designStageId: chosen.map((task) => String(task.value)).join(STAGE_LIST_SEPARATOR),
    designStage: chosen.map((task) => task.text).join(STAGE_LIST_SEPARATOR),
  };
  const task = chosen[0];
  if (state.type === 6 && task !== undefined) {
    return ok({
      ...state,
      values: { ...values, majorId: '', majorName: '' },
      disciplineOptions: task.majorList ?? [],
    });
  }
  if (state.type === 7 && task !== undefined) {
    return ok({
      ...state,
      values: { ...values, projectResultContent: deliverableOf(task, state.processCosts) },
    });
  }
  return ok({ ...state, values });
};

/** Choose the discipline (type 6, 001 §4): sets majorId and majorName. */
export const chooseDiscipline = (
  state: ContractDocState,
  majorValue: OptionValue,
): Result<ContractDocState> => {
  const editable = checkEditable(state);
  if (!editable.ok) return editable;
  if (state.type !== 6) {
    return fail(
      'DOCUMENT.NOT_APPLICABLE',
      DOCUMENT_MESSAGES.notApplicable('专业', contractDocTitle(state.type)),
    );
  }
  const major = state.disciplineOptions.find((option) => sameOption(option.value, majorValue));
  if (major === undefined) {
    return fail('DOCUMENT.UNKNOWN_OPTION', DOCUMENT_MESSAGES.unknownOption('专业'), 'majorName');
  }
  return ok({
    ...state,
    values: { ...state.values, majorId: String(major.value), majorName: major.text },
  });
};

/**
 * Amount input (001 §5): the raw text passes the money slice's filter for this type and field,
 * and the words follow. withinAmount exists on type 8 only.
 */
export const inputAmount = (
  state: ContractDocState,
  field: AmountField,
  raw: string,
): Result<ContractDocState> => {
  const editable = checkEditable(state);
  if (!editable.ok) return editable;
  if (!hasContractDocField(state.type, field)) {
    return fail(
      'DOCUMENT.NOT_APPLICABLE',
      DOCUMENT_MESSAGES.notApplicable(
        contractDocFieldLabel(state.type, field),
        contractDocTitle(state.type),
      ),
      field,
    );
  }
  const values = { ...state.values, [field]: normalizeAmountInput(raw, state.type, field) };
  return ok({ ...state, values: withWords(state.type, values) });
};

/**
 * Sets a field the person types (party B, dates, quantities, texts; type 7's production type from
 * its list). Amounts go through `inputAmount`. Party A, the words, the name and the ids cannot be
 * set: they are filled by settings, computation and choices. Type 8's fwContent also renames the
 * contract (fwContent + title). The text is kept as typed; it is trimmed when validated, so a
 * space typed between two words is not lost mid-typing.
 */
export const setContractDocField = (
  state: ContractDocState,
  field: ContractDocFieldName,
  value: string,
): Result<ContractDocState> => {
  const editable = checkEditable(state);
  if (!editable.ok) return editable;
  if (field === 'totalAmount' || field === 'withinAmount') return inputAmount(state, field, value);
  const label = contractDocFieldLabel(state.type, field);
  if (!hasContractDocField(state.type, field)) {
    return fail(
      'DOCUMENT.NOT_APPLICABLE',
      DOCUMENT_MESSAGES.notApplicable(label, contractDocTitle(state.type)),
      field,
    );
  }
  const { kind } = contractDocFieldSpec(state.type, field);
  const typed = kind === 'text' || kind === 'textarea' || kind === 'date' || kind === 'integer';
  const productionType = state.type === 7 && field === 'fwContent';
  if (!typed && !productionType) {
    return fail('DOCUMENT.FIELD_NOT_EDITABLE', DOCUMENT_MESSAGES.fieldNotEditable(label), field);
  }
  if (
    productionType &&
    value !== '' &&
    !(GRAPHICS_PRODUCTION_TYPES as readonly string[]).includes(value)
  ) {
    return fail('DOCUMENT.UNKNOWN_OPTION', DOCUMENT_MESSAGES.unknownOption(label), field);
  }
  const values = { ...state.values, [field]: value };
  return ok({
    ...state,
    values:
      state.type === 8 && field === 'fwContent'
        ? { ...values, contractName: contractNameFor(value, 8) }
        : values,
  });
};

/** The stage ids of a document as a list (type 3 holds several). */
export const designStageIds = (values: ContractDocValues): readonly string[] =>
  splitStageList(values.designStageId);
