/**
 * The option lists of the contract document form (001 §3): projects (contracts) with their task
 * orders, disciplines from a task's majorList, and the process-cost list type 7 reads its
 * deliverable from. Ids may arrive as numbers or strings; they are compared as strings.
 */
export type OptionValue = string | number;

/**
 * A discipline of a task order. The spec names majorList without its item shape; we read it like
 * the other option lists, as value and text.
 */
export interface MajorOption {
  readonly value: OptionValue;
  readonly text: string;
}

export interface TaskOption {
  /** The task order's id: stored as the document's designStageId. */
  readonly value: OptionValue;
  readonly text: string;
  /** The design stage the task order belongs to: what type 7 matches its deliverable on. */
  readonly designStageId?: OptionValue | null;
  readonly majorList?: readonly MajorOption[] | null;
}

export interface ProjectOption {
  /** The contract id. */
  readonly value: OptionValue;
  readonly text: string;
  readonly projectName?: string | null;
  readonly taskList?: readonly TaskOption[] | null;
}

/**
 * One row of the process-cost list (type 7). Its shape is not shown in the spec; the adapter maps
 * the row's stage id and deliverable text onto these two names.
 */
export interface ProcessCostItem {
  readonly designStageId: OptionValue;
  readonly projectResultContent: string;
}

export const sameOption = (a: OptionValue | null | undefined, b: OptionValue | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/** Why the project's own name first: the list text may carry a contract number or a status. */
export const projectNameOf = (project: ProjectOption): string =>
  (project.projectName ?? '').trim() !== ''
    ? (project.projectName ?? '').trim()
    : project.text.trim();

/** Type 3 stores several stages as one comma-separated string (001 §3). */
export const STAGE_LIST_SEPARATOR = ',';

export const splitStageList = (value: string): readonly string[] =>
  value
    .split(STAGE_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
