/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';
import { binaryBody } from '../test-support/xlsx-answer.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.each(testDatabaseKinds())('platform calls on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string, token = admin) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${token}`);
  const send = (method: 'post' | 'put' | 'delete', url: string, body?: object, token = admin) =>
    request(api.app)[method](`/prod-api${url}`).set('Authorization', `Bearer ${token}`).send(body);

  describe('users', () => {
    it('lists with paging, filters and a whitelisted sort', async () => {
      const all = await get('/system/user/list').expect(200);
      expect(all.body).toMatchObject({ code: 200 });
      expect(all.body.total).toBeGreaterThanOrEqual(16);
      expect(all.body.rows.length).toBe(Math.min(20, all.body.total));
      expect(all.body.rows[0]).not.toHaveProperty('password');
      const filtered = await get('/system/user/list?userName=xmjl').expect(200);
      expect(filtered.body.rows.map((u: { userName: string }) => u.userName).sort()).toEqual([
        'xmjl',
        'xmjl2',
      ]);
      const byDept = await get('/system/user/list?deptId=108').expect(200);
      expect(
        byDept.body.rows.every((u: { deptId: number }) =>
          [108, 110, 111, 112, 113, 114, 115].includes(u.deptId),
        ),
      ).toBe(true);
      const sorted = await get(
        '/system/user/list?orderByColumn=userId&isAsc=desc&pageSize=50',
      ).expect(200);
      const ids = sorted.body.rows.map((u: { userId: number }) => u.userId);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      // The columns the 用户管理 table lets a person sort by, each way (web UsersPage).
      for (const column of ['userId', 'userName', 'nickName', 'status', 'createTime']) {
        const up = await get(`/system/user/list?orderByColumn=${column}&isAsc=asc&pageSize=500`);
        const down = await get(`/system/user/list?orderByColumn=${column}&isAsc=desc&pageSize=500`);
        expect([up.status, down.status]).toEqual([200, 200]);
        expect(up.body.total).toBe(all.body.total);
      }
      const names = async (isAsc: string): Promise<string[]> => {
        const r = await get(`/system/user/list?orderByColumn=userName&isAsc=${isAsc}&pageSize=500`);
        return (r.body.rows as { userName: string }[]).map((u) => u.userName);
      };
      expect(await names('desc')).toEqual((await names('asc')).reverse());
      const page2 = await get(
        '/system/user/list?pageNum=2&pageSize=20&orderByColumn=userId',
      ).expect(200);
      expect(page2.body.total).toBe(all.body.total);
      const range = await get(
        '/system/user/list?params[beginTime]=2000-01-01&params[endTime]=2999-12-31',
      ).expect(200);
      expect(range.body.total).toBe(all.body.total);
      const empty = await get('/system/user/list?params[beginTime]=2999-01-01').expect(200);
      expect(empty.body.total).toBe(0);
      const badDate = await get('/system/user/list?params[beginTime]=yesterday').expect(400);
      expect(badDate.body.msg).toContain('params.beginTime');
    });

    it('creates, reads, updates and deletes a user', async () => {
      const created = await send('post', '/system/user', {
        userName: 'tester1',
        nickName: '测试一',
        password: 'secret123',
        deptId: 111,
        roleIds: [13],
        postIds: [5],
        sex: '1',
      }).expect(200);
      const userId = created.body.data.userId;
      const dup = await send('post', '/system/user', {
        userName: 'tester1',
        nickName: 'x',
        password: 'secret123',
      });
      expect(dup.status).toBe(409);
      const one = await get(`/system/user/${userId}`).expect(200);
      expect(one.body.data).toMatchObject({ userName: 'tester1', nickName: '测试一', deptId: 111 });
      expect(one.body.roleIds).toEqual([13]);
      expect(Array.isArray(one.body.roles)).toBe(true);
      expect(Array.isArray(one.body.posts)).toBe(true);
      const form = await get('/system/user/').expect(200);
      expect(form.body.roles.length).toBeGreaterThan(0);
      await send('put', '/system/user', {
        userId,
        nickName: '测试一改',
        phonenumber: '13800000000',
      }).expect(200);
      expect((await get(`/system/user/${userId}`)).body.data.nickName).toBe('测试一改');
      const token = await api.login('tester1', 'secret123');
      await get('/getInfo', token).expect(200);
      await send('delete', `/system/user/${userId}`).expect(200);
      await get(`/system/user/${userId}`).expect(404);
      await get('/getInfo', token).expect(401);
      expect((await send('delete', '/system/user/1')).status).toBe(422);
      await get('/system/user/999999').expect(404);
    });

    it('validates user input with the field named', async () => {
      const r = await send('post', '/system/user', {
        nickName: '甲',
        password: 'secret123',
      }).expect(400);
      expect(r.body.msg).toBe('登录名称不能为空');
      const weak = await send('post', '/system/user', {
        userName: 'weakpw',
        nickName: '甲',
        password: '123',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.msg).toContain('密码长度');
      const badEmail = await send('post', '/system/user', {
        userName: 'bademail',
        nickName: '甲',
        password: 'secret123',
        email: 'x',
      });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.msg).toBe('邮箱不是有效的邮箱地址');
      expect(badEmail.body.field).toBe('email');
    });

    it("resetPwd ends the user's sessions; the new password works", async () => {
      const token = await api.login('zhjy');
      await send('put', '/system/user/resetPwd', { userId: 10, password: 'newpass99' }).expect(200);
      await get('/getInfo', token).expect(401);
      await api.login('zhjy', 'newpass99');
      await send('put', '/system/user/resetPwd', { userId: 10, password: 'admin123' }).expect(200);
    });

    it('changeStatus validates the status', async () => {
      const r = await send('put', '/system/user/changeStatus', { userId: 10, status: '5' }).expect(
        400,
      );
      expect(r.body.msg).toBe('参数 status 必须是 0、1 之一');
    });

    it('profile: read, update, change password (query parameters), avatar', async () => {
      const token = await api.login('sjzc');
      const p = await get('/system/user/profile', token).expect(200);
      expect(p.body.data.userName).toBe('sjzc');
      expect(p.body.roleGroup).toContain('设计主持');
      expect(typeof p.body.postGroup).toBe('string');
      await send(
        'put',
        '/system/user/profile',
        { nickName: '张主持人', email: 'z@example.com' },
        token,
      ).expect(200);
      expect((await get('/system/user/profile', token)).body.data.nickName).toBe('张主持人');
      const other = await api.login('sjzc');
      const wrong = await request(api.app)
        .put('/prod-api/system/user/profile/updatePwd?oldPassword=bad&newPassword=newpass1')
        .set('Authorization', `Bearer ${token}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('修改密码失败，旧密码错误');
      await request(api.app)
        .put('/prod-api/system/user/profile/updatePwd?oldPassword=admin123&newPassword=newpass1')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      await get('/getInfo', token).expect(200);
      await get('/getInfo', other).expect(401);
      await api.login('sjzc', 'newpass1');
      await request(api.app)
        .put('/prod-api/system/user/profile/updatePwd?oldPassword=newpass1&newPassword=admin123')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const up = await request(api.app)
        .post('/prod-api/system/user/profile/avatar')
        .set('Authorization', `Bearer ${token}`)
        .attach('avatarfile', PNG, { filename: 'a.png', contentType: 'image/png' })
        .expect(200);
      // The path below the API base: RuoYi's UI (and ours) prefix /prod-api themselves.
      expect(up.body.imgUrl).toMatch(/^\/profile\/avatar\/[0-9a-f-]{36}\.png$/);
      const img = await request(api.app).get(`/prod-api${up.body.imgUrl}`).expect(200);
      expect(img.headers['content-type']).toContain('image/png');
      expect((await get('/system/user/profile', token)).body.data.avatar).toBe(up.body.imgUrl);
      // An avatar stored with the prefix (before RuoYi's form) is sent as the path below it.
      const me = (await get('/system/user/profile', token)).body.data.userId as number;
      await api.repos.users.update(me, { avatar: `/prod-api${up.body.imgUrl}` });
      expect((await get('/getInfo', token)).body.user.avatar).toBe(up.body.imgUrl);
      const fake = await request(api.app)
        .post('/prod-api/system/user/profile/avatar')
        .set('Authorization', `Bearer ${token}`)
        .attach('avatarfile', Buffer.from('<script>alert(1)</script>'), {
          filename: 'a.png',
          contentType: 'image/png',
        });
      expect(fake.status).toBe(415);
      await request(api.app).get('/prod-api/profile/avatar/..%2F..%2Fjwt-secret').expect(404);
    });

    it('pickers: getUserIdByRoleId, serviceManagerList, listByPostId, batchByPostId', async () => {
      const hosts = await get('/system/user/getUserIdByRoleId?roleId=7').expect(200);
      const hostIds = hosts.body.data.map((u: { userId: number }) => u.userId);
      expect(hostIds).toEqual(expect.arrayContaining([3, 4, 14]));
      expect(hosts.body.data[0]).toHaveProperty('nickName');
      const pms = await get('/system/user/getUserIdByRoleId?roleId=2').expect(200);
      expect(pms.body.data.map((u: { userId: number }) => u.userId)).toEqual(
        expect.arrayContaining([3, 13]),
      );
      const managers = await get('/system/user/serviceManagerList').expect(200);
      expect(managers.body.data.map((u: { userId: number }) => u.userId)).toContain(2);
      const byPost = await get('/system/user/listByPostId?postId=2').expect(200);
      expect(byPost.body.data.map((u: { userId: number }) => u.userId)).toEqual([6]);
      await send('post', '/system/user/batchByPostId', { postId: 2, userIds: [7, 8] }).expect(200);
      const after = await get('/system/user/listByPostId?postId=2').expect(200);
      expect(after.body.data.map((u: { userId: number }) => u.userId).sort()).toEqual([6, 7, 8]);
      await get('/system/user/getUserIdByRoleId').expect(400);
      const staff = await api.login('yuangong');
      await get('/system/user/list', staff).expect(403);
      const members = await get('/system/user/optionselect', staff).expect(200);
      expect(members.body.data.length).toBeGreaterThanOrEqual(16);
      // The login name needs system:user:query (core platform/read-policy.ts).
      expect(Object.keys(members.body.data[0]).sort()).toEqual([
        'deptId',
        'nickName',
        'status',
        'userId',
      ]);
    });

    it('exports users as a streamed .xlsx and serves the import template', async () => {
      const r = await get('/system/user/export?status=0')
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      expect(r.headers['content-disposition']).toContain("filename*=UTF-8''");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.body);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(2).value).toBe('登录名称');
      expect(ws.rowCount).toBeGreaterThan(10);
      const t = await get('/system/user/importTemplate').buffer(true).parse(binaryBody).expect(200);
      const tw = new ExcelJS.Workbook();
      await tw.xlsx.load(t.body);
      expect(tw.worksheets[0]!.getRow(1).getCell(1).value).toBe('登录名称');
    });
  });

  describe('departments', () => {
    it('list, exclude, detail, tree with and without deptType=1, role tree', async () => {
      const list = await get('/system/dept/list').expect(200);
      expect(list.body.data.length).toBeGreaterThanOrEqual(15);
      const ex = await get('/system/dept/list/exclude/108').expect(200);
      const exIds = ex.body.data.map((d: { deptId: number }) => d.deptId);
      expect(exIds).not.toContain(108);
      expect(exIds).not.toContain(110);
      expect(exIds).toContain(102);
      const one = await get('/system/dept/110').expect(200);
      expect(one.body.data).toMatchObject({ deptId: 110, parentId: 108, deptName: '建筑一所' });
      const tree = await get('/system/dept/treeselect/').expect(200);
      expect(tree.body.data[0]).toMatchObject({ id: 100, label: '华东示范建筑设计研究院' });
      const prod = await get('/system/dept/treeselect?deptType=1').expect(200);
      const flat = JSON.stringify(prod.body.data);
      expect(flat).toContain('建筑一所');
      expect(flat).not.toContain('财务部');
      const roleTree = await get('/system/dept/roleDeptTreeselect/2').expect(200);
      expect(Array.isArray(roleTree.body.checkedKeys)).toBe(true);
      expect(roleTree.body.depts[0].id).toBe(100);
      await get('/system/dept/999999').expect(404);
    });

    it('creates, updates and deletes; refuses deleting a department with users or children', async () => {
      const c = await send('post', '/system/dept', {
        parentId: 108,
        deptName: '测试所',
        orderNum: 9,
        deptType: '1',
      }).expect(200);
      const id = c.body.data.deptId;
      expect(c.body.data.ancestors).toBe('0,100,108');
      await send('put', '/system/dept', { deptId: id, deptName: '测试二所' }).expect(200);
      expect((await get(`/system/dept/${id}`)).body.data.deptName).toBe('测试二所');
      const self = await send('put', '/system/dept', { deptId: id, parentId: id });
      expect(self.status).toBe(422);
      const withUsers = await send('delete', '/system/dept/110');
      expect(withUsers.status).toBe(409);
      const withChildren = await send('delete', '/system/dept/108');
      expect(withChildren.status).toBe(409);
      await send('delete', `/system/dept/${id}`).expect(200);
      await get(`/system/dept/${id}`).expect(404);
    });
  });

  describe('majors', () => {
    it('list, add, update, tree by stage, optionselect, delete', async () => {
      const list = await get('/system/major/list').expect(200);
      expect(list.body.code).toBe(200);
      const added = await send('post', '/system/major/add', {
        majorName: '测试专业',
        designStageId: 1,
        orderNum: 1,
      }).expect(200);
      const id = added.body.data.majorId;
      const child = await send('post', '/system/major/add', {
        majorName: '测试子专业',
        designStageId: 1,
        parentId: id,
      }).expect(200);
      await send('post', '/system/major/update', { id, majorName: '测试专业改' }).expect(200);
      const tree = await get('/system/major/listTreeByStageId?stageId=1').expect(200);
      const node = tree.body.data.find((n: { id: number }) => n.id === id);
      expect(node).toMatchObject({
        label: '测试专业改',
        children: [{ id: child.body.data.majorId }],
      });
      const opts = await get('/system/major/optionselect').expect(200);
      expect(opts.body.data.some((m: { majorId: number }) => m.majorId === id)).toBe(true);
      const blocked = await get(`/system/major/deleteById?id=${id}`);
      expect(blocked.status).toBe(409);
      await get(`/system/major/deleteById?id=${child.body.data.majorId}`).expect(200);
      await get(`/system/major/deleteById?id=${id}`).expect(200);
      const noName = await send('post', '/system/major/add', {}).expect(400);
      expect(noName.body.msg).toBe('专业名称不能为空');
    });
  });

  describe('dictionaries and configuration', () => {
    it('reads the dictionaries the shell loads at start', async () => {
      for (const t of [
        'bizSource_market',
        'bizSource_inner',
        'bizSource_union',
        'bizSource_declare',
        'realAmountRate_list',
        'operateFee_type',
        'bank_name',
      ]) {
        const r = await get(`/system/dict/data/type/${t}`).expect(200);
        expect(r.body.data.length).toBeGreaterThan(0);
        expect(r.body.data[0]).toHaveProperty('dictLabel');
        expect(r.body.data[0]).toHaveProperty('dictValue');
      }
      expect((await get('/system/dict/data/type/no_such_dict').expect(200)).body.data).toEqual([]);
    });

    it('dictionary admin CRUD', async () => {
      const t = await send('post', '/system/dict/type', {
        dictName: '测试字典',
        dictType: 'test_dict',
      }).expect(200);
      const dictId = t.body.data.dictId;
      expect(
        (await send('post', '/system/dict/type', { dictName: 'x', dictType: 'test_dict' })).status,
      ).toBe(409);
      const d = await send('post', '/system/dict/data', {
        dictType: 'test_dict',
        dictLabel: '甲',
        dictValue: 'a',
        dictSort: 1,
      }).expect(200);
      await send('put', '/system/dict/data', {
        dictCode: d.body.data.dictCode,
        dictLabel: '乙',
      }).expect(200);
      expect((await get('/system/dict/data/type/test_dict')).body.data[0].dictLabel).toBe('乙');
      const types = await get('/system/dict/type/list?dictType=test_dict').expect(200);
      expect(types.body.total).toBe(1);
      const data = await get('/system/dict/data/list?dictType=test_dict').expect(200);
      expect(data.body.total).toBe(1);
      await get(`/system/dict/type/${dictId}`).expect(200);
      await get(`/system/dict/data/${d.body.data.dictCode}`).expect(200);
      await send('put', '/system/dict/type', { dictId, dictName: '测试字典改' }).expect(200);
      await send('delete', `/system/dict/data/${d.body.data.dictCode}`).expect(200);
      await send('delete', `/system/dict/type/${dictId}`).expect(200);
      await get(`/system/dict/type/${dictId}`).expect(404);
      expect(
        (await get('/system/dict/type/optionselect').expect(200)).body.data.length,
      ).toBeGreaterThan(5);
    });

    it('configKey answers the value in msg; CRUD refuses built-in deletes', async () => {
      for (const key of [
        'platformName',
        'fund_plan_switch',
        'subPhone',
        'subAddress',
        'subOpenBank',
        'subOpenBankNum',
        'subTaxpayerNum',
        'signBySub',
      ]) {
        const r = await get(`/system/config/configKey/${key}`).expect(200);
        expect(r.body.code).toBe(200);
        expect(typeof r.body.msg).toBe('string');
      }
      expect((await get('/system/config/configKey/platformName')).body.msg.length).toBeGreaterThan(
        0,
      );
      expect((await get('/system/config/configKey/no.such.key')).body).toEqual({
        code: 200,
        msg: '',
      });
      const c = await send('post', '/system/config', {
        configName: '测试',
        configKey: 'test.key',
        configValue: 'v1',
      }).expect(200);
      const id = c.body.data.configId;
      expect((await get('/system/config/configKey/test.key')).body.msg).toBe('v1');
      await send('put', '/system/config', { configId: id, configValue: 'v2' }).expect(200);
      expect((await get('/system/config/configKey/test.key')).body.msg).toBe('v2');
      expect((await get(`/system/config/${id}`).expect(200)).body.data.configKey).toBe('test.key');
      const list = await get('/system/config/list?configKey=test.key').expect(200);
      expect(list.body.total).toBe(1);
      await send('delete', `/system/config/${id}`).expect(200);
      const builtin = (await get('/system/config/list?configKey=platformName')).body.rows[0];
      expect((await send('delete', `/system/config/${builtin.configId}`)).status).toBe(409);
    });
  });
});
