import {
  err,
  ok,
  PlatformErrors,
  type DomainError,
  type ListPage,
  type ListQuery,
  type Major,
  type MajorFilter,
  type MajorPatch,
  type MajorRepository,
  type MajorSortColumn,
  type NewMajor,
  type Result,
} from '@dpms/core';
import { sql } from 'kysely';
import { containsPattern, pageBounds, pageWithCount, type Db } from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';

const SORT_COLUMNS = {
  majorId: 'major_id',
  majorName: 'major_name',
  orderNum: 'order_num',
  createTime: 'create_time',
} as const satisfies Record<MajorSortColumn, string>;

const COLUMNS = [
  'major_id',
  'major_name',
  'design_stage_id',
  'parent_id',
  'order_num',
  'status',
  'create_time',
] as const;

export class SqlMajorRepository implements MajorRepository {
  constructor(private readonly db: Db) {}

  async list(query: ListQuery<MajorFilter, MajorSortColumn>): Promise<ListPage<Major>> {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_major')
      .$if(!!f.majorName, (q) => q.where('major_name', 'ilike', containsPattern(f.majorName ?? '')))
      .$if(f.designStageId !== undefined, (q) =>
        q.where('design_stage_id', '=', f.designStageId ?? 0),
      )
      .$if(f.parentId !== undefined, (q) => q.where('parent_id', '=', f.parentId ?? 0))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(COLUMNS);
    q = query.sort
      ? q.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction)
      : q.orderBy('design_stage_id').orderBy('order_num');
    q = q.orderBy('major_id');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toMajor));
  }

  async findById(majorId: number): Promise<Major | null> {
    const row = await this.db
      .selectFrom('sys_major')
      .select(COLUMNS)
      .where('major_id', '=', majorId)
      .executeTakeFirst();
    return row ? toMajor(row) : null;
  }

  async listByStage(designStageId: number): Promise<readonly Major[]> {
    const rows = await this.db
      .selectFrom('sys_major')
      .select(COLUMNS)
      .where('design_stage_id', '=', designStageId)
      .where('status', '=', '0')
      .orderBy(sql`parent_id nulls first`)
      .orderBy('order_num')
      .orderBy('major_id')
      .execute();
    return rows.map(toMajor);
  }

  async create(major: NewMajor): Promise<Result<Major, DomainError>> {
    if (major.parentId != null && !(await this.findById(major.parentId)))
      return err(PlatformErrors.notFound('上级专业'));
    return refusingDuplicates(this.db, 'create', major.majorName, async () => {
      const row = await this.db
        .insertInto('sys_major')
        .values({
          major_name: major.majorName,
          design_stage_id: major.designStageId ?? null,
          parent_id: major.parentId ?? null,
          order_num: major.orderNum ?? 0,
          status: major.status ?? '0',
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return ok(toMajor(row));
    });
  }

  async update(majorId: number, patch: MajorPatch): Promise<Result<Major, DomainError>> {
    const current = await this.findById(majorId);
    if (!current) return err(PlatformErrors.notFound('专业'));
    if (patch.parentId != null) {
      if (patch.parentId === majorId || !(await this.findById(patch.parentId))) {
        return err(PlatformErrors.notFound('上级专业'));
      }
    }
    return refusingDuplicates(this.db, 'update', patch.majorName ?? current.majorName, async () => {
      const row = await this.db
        .updateTable('sys_major')
        .set({
          ...(patch.majorName !== undefined ? { major_name: patch.majorName } : {}),
          ...(patch.designStageId !== undefined ? { design_stage_id: patch.designStageId } : {}),
          ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
          ...(patch.orderNum !== undefined ? { order_num: patch.orderNum } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          update_time: new Date(),
        })
        .where('major_id', '=', majorId)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? ok(toMajor(row)) : err(PlatformErrors.notFound('专业'));
    });
  }

  async delete(majorId: number): Promise<Result<void, DomainError>> {
    if (!(await this.findById(majorId))) return err(PlatformErrors.notFound('专业'));
    const child = await this.db
      .selectFrom('sys_major')
      .select('major_id')
      .where('parent_id', '=', majorId)
      .executeTakeFirst();
    if (child) return err(PlatformErrors.majorHasChildren());
    await this.db.deleteFrom('sys_major').where('major_id', '=', majorId).execute();
    return ok(undefined);
  }
}

function toMajor(r: {
  major_id: number;
  major_name: string;
  design_stage_id: number | null;
  parent_id: number | null;
  order_num: number;
  status: '0' | '1';
  create_time: Date;
}): Major {
  return {
    majorId: r.major_id,
    majorName: r.major_name,
    designStageId: r.design_stage_id,
    parentId: r.parent_id,
    orderNum: r.order_num,
    status: r.status,
    createTime: r.create_time,
  };
}
