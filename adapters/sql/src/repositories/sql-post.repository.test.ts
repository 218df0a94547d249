import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlMajorRepository } from './sql-major.repository.js';
import { SqlPostRepository } from './sql-post.repository.js';

describe.each(testDatabaseKinds())('PostRepository and MajorRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let posts: SqlPostRepository;
  let majors: SqlMajorRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    posts = new SqlPostRepository(handle.db);
    majors = new SqlMajorRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('lists, creates, updates and deletes posts', async () => {
    const page = await posts.list({ filter: {} });
    expect(page.rows.map((p) => p.postCode)).toEqual(['yz', 'zg', 'bmjl', 'gcs', 'zy']);
    const created = await posts.create({ postCode: 'tmp', postName: '临时岗' });
    if (!created.ok) throw new Error('create failed');
    expect(await posts.create({ postCode: 'tmp', postName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.DUPLICATE' },
    });
    expect(await posts.update(created.value.postId, { postName: '临时岗二' })).toMatchObject({
      ok: true,
      value: { postName: '临时岗二' },
    });
    expect(await posts.update(999, { postName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
    expect(await posts.heldPostIds([1, created.value.postId])).toEqual([1]);
    expect(await posts.delete([1])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.POST_IN_USE' },
    });
    expect(await posts.delete([created.value.postId])).toEqual({ ok: true, value: undefined });
    // Deleted already (another request's 删除 came first): refused, and nothing else goes.
    const other = await posts.create({ postCode: 'tmp2', postName: '临时岗三' });
    if (!other.ok) throw new Error('create failed');
    expect(await posts.delete([created.value.postId, other.value.postId])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
    expect(await posts.findById(other.value.postId)).not.toBeNull();
    expect(
      (await posts.list({ filter: { postName: '临时' } })).rows.map((p) => p.postName),
    ).toEqual(['临时岗三']);
  });

  it('lists majors by stage as a parent-first flat list', async () => {
    const stage3 = await majors.listByStage(3);
    expect(stage3.map((m) => m.majorName)).toEqual([
      '建筑',
      '结构',
      '给排水',
      '暖通',
      '电气',
      '室内',
      '强电',
      '弱电',
    ]);
    const page = await majors.list({ filter: { designStageId: 1 } });
    expect(page.total).toBe(3);
  });

  it('creates, updates and deletes majors, refusing a parent with children', async () => {
    const parent = await majors.create({ majorName: '测试专业', designStageId: 2 });
    if (!parent.ok) throw new Error('create failed');
    const child = await majors.create({
      majorName: '子专业',
      designStageId: 2,
      parentId: parent.value.majorId,
    });
    if (!child.ok) throw new Error('create failed');
    expect(await majors.create({ majorName: 'x', parentId: 99_999 })).toMatchObject({ ok: false });
    expect(await majors.update(child.value.majorId, { majorName: '子专业二' })).toMatchObject({
      ok: true,
      value: { majorName: '子专业二' },
    });
    expect(await majors.delete(parent.value.majorId)).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.MAJOR_HAS_CHILDREN' },
    });
    expect(await majors.delete(child.value.majorId)).toEqual({ ok: true, value: undefined });
    expect(await majors.delete(parent.value.majorId)).toEqual({ ok: true, value: undefined });
  });
});
