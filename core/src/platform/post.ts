import type { StatusFlag } from './user.js';

export interface SysPost {
  readonly postId: number;
  readonly postCode: string;
  readonly postName: string;
  readonly postSort: number;
  readonly status: StatusFlag;
  readonly remark: string;
  readonly createTime: Date;
}

export interface NewPost {
  readonly postId?: number;
  readonly postCode: string;
  readonly postName: string;
  readonly postSort?: number;
  readonly status?: StatusFlag;
  readonly remark?: string;
}

export type PostPatch = Partial<Omit<NewPost, 'postId'>>;

export interface PostFilter {
  readonly postCode?: string;
  readonly postName?: string;
  readonly status?: StatusFlag;
}

export const POST_SORT_COLUMNS = [
  'postId',
  'postCode',
  'postName',
  'postSort',
  'createTime',
] as const;
export type PostSortColumn = (typeof POST_SORT_COLUMNS)[number];
