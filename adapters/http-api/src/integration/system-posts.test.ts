/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/api.js';
import { useRoleSuite } from '../test-support/role-suite.js';

describe.each(testDatabaseKinds())('岗位管理 and batch deletes on %s', (kind) => {
  const { get, post, put, del, refused, fresh, newRole } = useRoleSuite(kind);

  it('deletes a role or post named twice in a batch once (去重)', async () => {
    const role = await newRole();
    const r = await del('admin', `/system/role/${role.roleId},${role.roleId}`).expect(200);
    expect(r.body.data.count).toBe(1);
    await get('admin', `/system/role/${role.roleId}`).expect(404);
    const n = fresh();
    const created = await post('admin', '/system/post', {
      postCode: `d${n}`,
      postName: `重复${n}`,
      postSort: 3,
    }).expect(200);
    const postId = created.body.data.postId;
    const p = await del('admin', `/system/post/${postId},${postId}`).expect(200);
    expect(p.body.data.count).toBe(1);
    await get('admin', `/system/post/${postId}`).expect(404);
  });

  it('exports roles and posts', async () => {
    for (const url of ['/system/role/export', '/system/post/export']) {
      const r = await get('admin', url).expect(200);
      expect(r.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('creates, edits and deletes a post; refuses a taken code and a post users hold', async () => {
    const n = fresh();
    const created = await post('admin', '/system/post', {
      postCode: `p${n}`,
      postName: `岗位${n}`,
      postSort: 3,
    }).expect(200);
    const postId = created.body.data.postId;
    const dup = await refused(
      post('admin', '/system/post', {
        postCode: `p${n}`,
        postName: `别的${n}`,
      }),
      409,
    );
    expect(dup).toMatchObject({ field: 'postCode' });
    const blank = await refused(
      post('admin', '/system/post', { postCode: 'x', postName: ' ' }),
      400,
    );
    expect(blank.msg).toContain('岗位名称不能为空');
    await put('admin', '/system/post', { postId, postName: `改名${n}` }).expect(200);
    expect((await get('admin', `/system/post/${postId}`)).body.data.postName).toBe(`改名${n}`);
    const listed = await get('admin', `/system/post/list?postCode=p${n}`).expect(200);
    expect(listed.body.total).toBe(1);
    await get('admin', '/system/post/optionselect').expect(200);

    const holders = await get('admin', '/system/user/list?postId=1').expect(200);
    expect(holders.body.total).toBeGreaterThan(0);
    const heldName = (await get('admin', '/system/post/1')).body.data.postName;
    const refusal = await refused(del('admin', `/system/post/${postId},1`), 409);
    expect(refusal.msg).toBe(`${heldName}已分配,不能删除`);
    await get('admin', `/system/post/${postId}`).expect(200);
    await del('admin', `/system/post/${postId}`).expect(200);
    await get('admin', `/system/post/${postId}`).expect(404);
  });
});
