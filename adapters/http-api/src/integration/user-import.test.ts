import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';
import { zipOf } from '../test-support/zip-of.js';

interface Answer {
  code: number;
  msg: string;
}

/** An xlsx of users under the given headers (our template's words or RuoYi's own). */
async function sheetOf(headers: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * 用户管理's 导入 as RuoYi-Vue 3.9.2's UI calls it (SysUserController.importData): an xlsx POSTed
 * as the multipart `file`, `updateSupport` in the query, and the report in `msg` as the HTML its
 * 导入结果 alert shows; answered with HTTP 200 as every RuoYi answer is.
 */
describe.each(testDatabaseKinds())('RuoYi user import on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  /** As RuoYi's el-upload sends it: no real-status header, so errors come back in the body. */
  const upload = async (file: Buffer, updateSupport = 0): Promise<Answer> => {
    const r = await request(api.servedApp)
      .post(`/prod-api/system/user/importData?updateSupport=${updateSupport}`)
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', file, {
        filename: 'users.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
    expect(r.status).toBe(200);
    return r.body as Answer;
  };
  const userNamed = async (userName: string) =>
    (await api.repos.users.findByUserName(userName)) ?? undefined;

  it('refuses while 参数设置 has no initial password for the new accounts', async () => {
    const answer = await upload(
      await sheetOf(['登录名称', '用户名称'], [['importnokey', '无初始密码']]),
    );
    expect(answer.code).not.toBe(200);
    expect(answer.msg).toContain('sys.user.initPassword');
    expect(await userNamed('importnokey')).toBeUndefined();
  });

  it("creates the users of a sheet, reads RuoYi's headers too, updates only when asked", async () => {
    await request(api.app)
      .post('/prod-api/system/config')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        configName: '用户管理-账号初始密码',
        configKey: 'sys.user.initPassword',
        configValue: 'Init123x',
        configType: 'N',
      })
      .expect(200);

    const ours = await sheetOf(
      ['登录名称', '用户名称', '部门编号', '手机号码', '邮箱', '性别', '状态'],
      [['importone', '导入一', 111, '13900000001', 'one@example.com', '女', '正常']],
    );
    const first = await upload(ours);
    expect(first).toMatchObject({
      code: 200,
      msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、账号 importone 导入成功',
    });
    expect(await userNamed('importone')).toMatchObject({
      nickName: '导入一',
      deptId: 111,
      phonenumber: '13900000001',
      email: 'one@example.com',
      sex: '1',
      status: '0',
    });
    // The initial password signs the new account in, once it holds a role.
    const one = (await userNamed('importone'))!;
    await api.repos.users.update(one.userId, { roleIds: [13] });
    await expect(api.login('importone', 'Init123x')).resolves.toBeTruthy();

    // RuoYi's own template words (SysUser's @Excel names), in its order.
    const theirs = await sheetOf(
      ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态'],
      [
        [111, 'importtwo', '导入二', '', '', '男', '停用'],
        [111, 'importone', '导入一改', '', '', '未知', '正常'],
      ],
    );
    const refused = await upload(theirs);
    expect(refused.code).not.toBe(200);
    expect(refused.msg).toBe(
      '很抱歉，导入失败！共 1 条数据格式不正确，错误如下：<br/>1、账号 importone 已存在' +
        '<br/>其余 1 条已导入：<br/>1、账号 importtwo 导入成功',
    );
    expect(await userNamed('importtwo')).toMatchObject({ sex: '0', status: '1' });
    expect((await userNamed('importone'))?.nickName).toBe('导入一');

    // As RuoYi's importUser, an update moves the account to the sheet's 部门编号.
    const updated = await upload(
      await sheetOf(
        ['登录名称', '用户名称', '用户性别', '部门编号'],
        [['importone', '导入一改', '未知', 112]],
      ),
      1,
    );
    expect(updated).toMatchObject({
      code: 200,
      msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、账号 importone 更新成功',
    });
    expect(await userNamed('importone')).toMatchObject({
      nickName: '导入一改',
      sex: '2',
      deptId: 112,
    });

    // A sheet disables nobody a person could not: not the caller's own account.
    const self = await upload(
      await sheetOf(['登录名称', '用户名称', '账号状态'], [['admin', '管理员', '停用']]),
      1,
    );
    expect(self.code).not.toBe(200);
    expect(self.msg).toMatch(/^很抱歉，导入失败！共 1 条.*账号 admin 导入失败：\S/);
    expect((await userNamed('admin'))?.status).toBe('0');
  });

  it("reports a bad row in 新增用户's words, with nothing of the sheet as markup", async () => {
    const answer = await upload(
      await sheetOf(['登录名称', '用户名称'], [['<img src=x onerror=alert(1)>', '坏']]),
    );
    expect(answer.code).not.toBe(200);
    expect(answer.msg).toContain('账号 &#60;img src=x onerror=alert(1)&#62; 导入失败：');
    expect(answer.msg).not.toContain('<img');
  });

  it('refuses an empty sheet and a file that is not a spreadsheet', async () => {
    const empty = await upload(await sheetOf(['登录名称', '用户名称'], []));
    expect(empty).toMatchObject({ msg: '导入用户数据不能为空！' });
    const notXlsx = await upload(Buffer.from('not a spreadsheet'));
    expect(notXlsx.code).not.toBe(200);
    expect(notXlsx.msg).toBe('导入文件不是有效的 xlsx 表格');
  });

  it('refuses a small upload that would unzip past 64 MB before reading it', async () => {
    const bomb = zipOf([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(65 << 20) }]);
    expect(bomb.length).toBeLessThan(200_000);
    const answer = await upload(bomb);
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain('解压后超过 64 MB');
  });
});
