import ExcelJS from 'exceljs';
import { z } from 'zod';
import { checkNewPassword } from '@dpms/core';
import { systemDoneAnswer, userCreateBody } from '@dpms/wire';
import { msgOnly } from '../../http/envelope.js';
import { DomainFailure, HttpError } from '../../http/http-error.js';
import { assertZipWithin } from '../../http/zip-bounds.js';
import { readMultipart } from '../../http/multipart.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { Principal } from '../../identity/principal.js';
import { TAG } from './user-schemas.js';
import type { UserRouteDeps } from './user-access.js';

const MAX_SHEET = 5 * 1024 * 1024;
const MAX_ROWS = 1000;
/**
 * A 1,000-row sheet inflates to well under 2 MB; 64 MB leaves room for styled templates while a
 * zip bomb (5 MB that unzips to gigabytes) is refused before ExcelJS holds it in memory.
 */
const SHEET_BOUNDS = { maxInflatedBytes: 64 * 1024 * 1024, maxEntries: 200 };
const INIT_PASSWORD_KEY = 'sys.user.initPassword';

/**
 * The sheet's columns by header: our template's words and RuoYi's own (its SysUser @Excel names),
 * so a sheet made from either template, or exported from RuoYi, reads the same.
 */
const COLUMNS: Readonly<Record<string, keyof ImportedUser>> = {
  登录名称: 'userName',
  用户名称: 'nickName',
  部门编号: 'deptId',
  手机号码: 'phonenumber',
  邮箱: 'email',
  用户邮箱: 'email',
  性别: 'sex',
  用户性别: 'sex',
  状态: 'status',
  账号状态: 'status',
};
const SEX: Readonly<Record<string, string>> = { 男: '0', 女: '1', 未知: '2' };
const STATUS: Readonly<Record<string, string>> = { 正常: '0', 停用: '1' };

interface ImportedUser {
  userName?: string;
  nickName?: string;
  deptId?: string;
  phonenumber?: string;
  email?: string;
  sex?: string;
  status?: string;
}

/** A row is checked as 新增用户's form is (the same words), without its password. */
const importedUser = userCreateBody.omit({ password: true });

const query = z.object({
  updateSupport: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The message RuoYi's 导入结果 alert shows as HTML: nothing from the sheet is markup. */
const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  if (typeof v === 'object' && 'result' in v)
    return v.result === undefined ? '' : cellText(v.result);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return '';
  return String(v).trim();
};

/** The sheet's filled rows, read by their headers (the first row); blank rows skipped. */
async function readSheet(bytes: Buffer): Promise<ImportedUser[]> {
  await assertZipWithin(bytes, SHEET_BOUNDS, '导入文件');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, '导入文件不是有效的 xlsx 表格', { field: 'file' });
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const fields = new Map<number, keyof ImportedUser>();
  sheet.getRow(1).eachCell((cell, col) => {
    const field = COLUMNS[cellText(cell.value)];
    if (field) fields.set(col, field);
  });
  const rows: ImportedUser[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const user: ImportedUser = {};
    for (const [col, field] of fields) {
      const text = cellText(r.getCell(col).value);
      if (text !== '') user[field] = text;
    }
    if (Object.keys(user).length > 0) rows.push(user);
  });
  if (rows.length > MAX_ROWS) throw new HttpError(400, `一次最多导入 ${MAX_ROWS} 个用户`);
  return rows;
}

/** A sheet row as 新增用户's body: its words (男, 停用) as the codes the form sends. */
const bodyOf = (u: ImportedUser) => ({
  userName: u.userName,
  nickName: u.nickName,
  deptId: u.deptId === undefined ? undefined : Number(u.deptId),
  phonenumber: u.phonenumber,
  email: u.email,
  sex: u.sex === undefined ? undefined : (SEX[u.sex] ?? u.sex),
  status: u.status === undefined ? undefined : (STATUS[u.status] ?? u.status),
});

/**
 * 用户管理's 导入 (RuoYi's SysUserController.importData): the uploaded xlsx's users, each created
 * with 参数设置's initial password (sys.user.initPassword) in the caller's data scope, or, with
 * updateSupport, an existing one's details updated. As RuoYi, each row stands alone and the
 * answer is its report for the 导入结果 alert: HTML lines, a refusal when any row failed.
 */
export function registerUserImportRoutes(book: RouteBook, deps: UserRouteDeps): void {
  const { repos, identity, writes } = deps;

  /** A row checked as 新增用户's form is, then core's import rule; a refusal is the row's. */
  async function importOne(
    principal: Principal,
    row: ImportedUser,
    updateSupport: boolean,
    passwordHash: () => Promise<string>,
  ): Promise<'created' | 'updated' | 'exists'> {
    const parsed = importedUser.safeParse(bodyOf(row));
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message);
    const u = parsed.data;
    const r = await writes.importOne(
      {
        userName: u.userName,
        nickName: u.nickName,
        deptId: u.deptId,
        email: u.email,
        phonenumber: u.phonenumber,
        sex: u.sex,
        status: u.status,
      },
      updateSupport,
      passwordHash,
      principal,
    );
    if (!r.ok) throw new HttpError(400, r.error.message);
    return r.value;
  }

  book.add({
    method: 'post',
    path: '/system/user/importData',
    summary:
      '导入用户（multipart 字段 file，xlsx；updateSupport=1 时更新已存在的用户）：新用户的密码为参数 sys.user.initPassword；答复 msg 为 RuoYi「导入结果」的 HTML 报告',
    tag: TAG,
    access: perm('system:user:import'),
    multipart: 'file',
    query,
    response: systemDoneAnswer,
    handler: async ({ req, query: q, principal }) => {
      const { file } = await readMultipart(req, {
        notMultipart: '请选择要导入的 xlsx 文件',
        fileFields: ['file'],
        maxFileBytes: MAX_SHEET,
        tooLarge: () => new HttpError(413, '导入文件不能超过 5MB'),
        maxFields: 10,
        receive: async ({ stream }) => {
          const parts: Buffer[] = [];
          for await (const part of stream) parts.push(part as Buffer);
          return Buffer.concat(parts);
        },
      });
      if (!file) throw new HttpError(400, '请选择要导入的 xlsx 文件', { field: 'file' });
      const rows = await readSheet(file);
      if (rows.length === 0) throw new HttpError(400, '导入用户数据不能为空！');

      // One hash for the whole sheet, made only when a row needs it.
      let hash: Promise<string> | undefined;
      const passwordHash = async () => {
        const initial = (await repos.configs.valueOf(INIT_PASSWORD_KEY)) ?? '';
        const pw = checkNewPassword(initial, 'password');
        if (!pw.ok)
          throw new HttpError(
            400,
            `参数设置中的用户初始密码（${INIT_PASSWORD_KEY}）未设置或不符合密码规则`,
          );
        hash ??= identity.hashPassword(pw.value);
        return hash;
      };

      const done: string[] = [];
      const failed: string[] = [];
      for (const row of rows) {
        const name = html(row.userName ?? '');
        try {
          const how = await importOne(principal, row, q.updateSupport, passwordHash);
          if (how === 'exists') failed.push(`账号 ${name} 已存在`);
          else done.push(`账号 ${name} ${how === 'created' ? '导入成功' : '更新成功'}`);
        } catch (e) {
          // A refusal (a rule, the data scope, a taken phone number) is the row's; a fault is not.
          if (!(e instanceof HttpError || e instanceof DomainFailure)) throw e;
          failed.push(`账号 ${name} 导入失败：${html(e.message)}`);
        }
      }
      const lines = (xs: string[]) => xs.map((x, i) => `<br/>${i + 1}、${x}`).join('');
      if (failed.length > 0) {
        const kept = done.length > 0 ? `<br/>其余 ${done.length} 条已导入：${lines(done)}` : '';
        throw new HttpError(
          400,
          `很抱歉，导入失败！共 ${failed.length} 条数据格式不正确，错误如下：${lines(failed)}${kept}`,
        );
      }
      return msgOnly(`恭喜您，数据已全部导入成功！共 ${done.length} 条，数据如下：${lines(done)}`);
    },
  });
}
