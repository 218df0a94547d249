import type { StatusFlag } from './user.js';

/** A design discipline (专业), optionally under a parent discipline, offered per design stage. */
export interface Major {
  readonly majorId: number;
  readonly majorName: string;
  readonly designStageId: number | null;
  readonly parentId: number | null;
  readonly orderNum: number;
  readonly status: StatusFlag;
  readonly createTime: Date;
}

export interface NewMajor {
  readonly majorName: string;
  readonly designStageId?: number | null;
  readonly parentId?: number | null;
  readonly orderNum?: number;
  readonly status?: StatusFlag;
}
export type MajorPatch = Partial<NewMajor>;

export interface MajorFilter {
  readonly majorName?: string;
  readonly designStageId?: number;
  readonly parentId?: number;
  readonly status?: StatusFlag;
}

export const MAJOR_SORT_COLUMNS = ['majorId', 'majorName', 'orderNum', 'createTime'] as const;
export type MajorSortColumn = (typeof MAJOR_SORT_COLUMNS)[number];
