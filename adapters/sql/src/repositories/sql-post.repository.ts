import {
  err,
  ok,
  PlatformErrors,
  type DomainError,
  type ListPage,
  type ListQuery,
  type NewPost,
  type PostFilter,
  type PostPatch,
  type PostRepository,
  type PostSortColumn,
  type Result,
  type SysPost,
  WriteAbort,
} from '@dpms/core';
import {
  containsPattern,
  inTransaction,
  isForeignKeyViolation,
  pageBounds,
  pageWithCount,
  type Db,
} from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';

const SORT_COLUMNS = {
  postId: 'post_id',
  postCode: 'post_code',
  postName: 'post_name',
  postSort: 'post_sort',
  createTime: 'create_time',
} as const satisfies Record<PostSortColumn, string>;

const COLUMNS = [
  'post_id',
  'post_code',
  'post_name',
  'post_sort',
  'status',
  'remark',
  'create_time',
] as const;

export class SqlPostRepository implements PostRepository {
  constructor(private readonly db: Db) {}

  async list(query: ListQuery<PostFilter, PostSortColumn>): Promise<ListPage<SysPost>> {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_post')
      .$if(!!f.postCode, (q) => q.where('post_code', 'ilike', containsPattern(f.postCode ?? '')))
      .$if(!!f.postName, (q) => q.where('post_name', 'ilike', containsPattern(f.postName ?? '')))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(COLUMNS);
    q = query.sort
      ? q.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction)
      : q.orderBy('post_sort');
    q = q.orderBy('post_id');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toPost));
  }

  async findById(postId: number): Promise<SysPost | null> {
    const row = await this.db
      .selectFrom('sys_post')
      .select(COLUMNS)
      .where('post_id', '=', postId)
      .executeTakeFirst();
    return row ? toPost(row) : null;
  }

  async create(post: NewPost): Promise<Result<SysPost, DomainError>> {
    return refusingDuplicates(this.db, 'create', post.postName, async () => {
      const row = await this.db
        .insertInto('sys_post')
        .values({
          ...(post.postId !== undefined ? { post_id: post.postId } : {}),
          post_code: post.postCode,
          post_name: post.postName,
          post_sort: post.postSort ?? 0,
          status: post.status ?? '0',
          remark: post.remark ?? '',
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return ok(toPost(row));
    });
  }

  async update(postId: number, patch: PostPatch): Promise<Result<SysPost, DomainError>> {
    const current = await this.findById(postId);
    if (!current) return err(PlatformErrors.notFound('岗位'));
    return refusingDuplicates(this.db, 'update', patch.postName ?? current.postName, async () => {
      const row = await this.db
        .updateTable('sys_post')
        .set({
          ...(patch.postCode !== undefined ? { post_code: patch.postCode } : {}),
          ...(patch.postName !== undefined ? { post_name: patch.postName } : {}),
          ...(patch.postSort !== undefined ? { post_sort: patch.postSort } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
          update_time: new Date(),
        })
        .where('post_id', '=', postId)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? ok(toPost(row)) : err(PlatformErrors.notFound('岗位'));
    });
  }

  async heldPostIds(postIds: readonly number[]): Promise<readonly number[]> {
    if (postIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('sys_user_post as up')
      .innerJoin('sys_user as u', 'u.user_id', 'up.user_id')
      .where('up.post_id', 'in', [...postIds])
      .where('u.del_flag', '=', '0')
      .select('up.post_id')
      .distinct()
      .execute();
    return rows.map((r) => r.post_id);
  }

  async delete(postIds: readonly number[]): Promise<Result<void, DomainError>> {
    const ids = [...new Set(postIds)];
    if (ids.length === 0) return ok(undefined);
    try {
      await inTransaction(this.db, async (trx) => {
        // Only deleted users' links go: a link a user gained since PostWrites looked keeps its
        // post by the foreign key, and the whole delete is refused.
        await trx
          .deleteFrom('sys_user_post')
          .where('post_id', 'in', ids)
          .where('user_id', 'in', (eb) =>
            eb.selectFrom('sys_user').select('user_id').where('del_flag', '<>', '0'),
          )
          .execute();
        const gone = await trx
          .deleteFrom('sys_post')
          .where('post_id', 'in', ids)
          .executeTakeFirst();
        // A post deleted by another request since PostWrites looked: the whole request is
        // refused as not found, so two 删除 of one post do not both succeed.
        if (Number(gone.numDeletedRows) !== ids.length)
          throw new WriteAbort(PlatformErrors.notFound('岗位'));
      });
      return ok(undefined);
    } catch (e) {
      if (e instanceof WriteAbort) return err(e.error);
      if (!isForeignKeyViolation(e)) throw e;
      return err(PlatformErrors.postInUse());
    }
  }
}

function toPost(r: {
  post_id: number;
  post_code: string;
  post_name: string;
  post_sort: number;
  status: '0' | '1';
  remark: string;
  create_time: Date;
}): SysPost {
  return {
    postId: r.post_id,
    postCode: r.post_code,
    postName: r.post_name,
    postSort: r.post_sort,
    status: r.status,
    remark: r.remark,
    createTime: r.create_time,
  };
}
