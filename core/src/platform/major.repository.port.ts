import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type { Major, MajorFilter, MajorPatch, MajorSortColumn, NewMajor } from './major.js';

export interface MajorRepository {
  list(query: ListQuery<MajorFilter, MajorSortColumn>): Promise<ListPage<Major>>;
  findById(majorId: number): Promise<Major | null>;
  /** Active majors of a design stage, flat, ordered by parentId, orderNum (the caller builds the tree). */
  listByStage(designStageId: number): Promise<readonly Major[]>;
  create(major: NewMajor): Promise<Result<Major, DomainError>>;
  update(majorId: number, patch: MajorPatch): Promise<Result<Major, DomainError>>;
  /** Refuses while the major has children. */
  delete(majorId: number): Promise<Result<void, DomainError>>;
}
