import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../shared/result.js';
import type { NewPost, PostPatch, SysPost } from './post.js';
import type { PostRepository } from './post.repository.port.js';
import { PostWrites } from './post-writes.use-case.js';

const post = (postId: number, postName: string): SysPost => ({
  postId,
  postCode: `p${postId}`,
  postName,
  postSort: postId,
  status: '0',
  remark: '',
  createTime: new Date('2026-01-01T00:00:00Z'),
});

/** In memory: posts by id, and the ids a user holds. */
function fakePosts(stored: SysPost[], held: number[]) {
  const rows = new Map(stored.map((p) => [p.postId, p]));
  const deleted: number[][] = [];
  const repo: PostRepository = {
    list: () => Promise.resolve({ total: rows.size, rows: [...rows.values()] }),
    findById: (id) => Promise.resolve(rows.get(id) ?? null),
    create: (p: NewPost) => Promise.resolve(ok({ ...post(99, p.postName), ...p, postId: 99 })),
    update: (id: number, patch: PostPatch): Promise<Result<SysPost, never>> =>
      Promise.resolve(ok({ ...(rows.get(id) as SysPost), ...patch })),
    heldPostIds: (ids) => Promise.resolve(ids.filter((id) => held.includes(id))),
    delete: (ids) => {
      deleted.push([...ids]);
      for (const id of ids) rows.delete(id);
      return Promise.resolve(ok(undefined));
    },
  };
  return { repo, deleted };
}

describe('岗位管理 writes', () => {
  it('refuses to change a post that is not stored', async () => {
    const { repo } = fakePosts([post(1, '董事长')], []);
    const r = await new PostWrites(repo).update(2, { postName: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'PLATFORM.NOT_FOUND' } });
    expect(await new PostWrites(repo).update(1, { postName: '总经理' })).toMatchObject({
      ok: true,
      value: { postName: '总经理' },
    });
  });

  it('deletes none when one post is held, naming the first held as the request named them', async () => {
    const { repo, deleted } = fakePosts(
      [post(1, '董事长'), post(2, '项目经理'), post(3, '普通员工')],
      [3, 2],
    );
    const r = await new PostWrites(repo).remove([1, 3, 2]);
    expect(r).toEqual({
      ok: false,
      error: { code: 'PLATFORM.POST_IN_USE', message: '普通员工已分配,不能删除' },
    });
    expect(deleted).toEqual([]);
  });

  it('deletes none when one post is not stored, and each post once', async () => {
    const { repo, deleted } = fakePosts([post(1, '董事长'), post(2, '项目经理')], []);
    expect(await new PostWrites(repo).remove([1, 7])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
    expect(deleted).toEqual([]);
    expect(await new PostWrites(repo).remove([2, 2, 1])).toEqual({ ok: true, value: undefined });
    expect(deleted).toEqual([[2, 1]]);
  });
});
