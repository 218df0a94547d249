/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskFileStore } from '@dpms/files/local';
import type { RunningPrintService } from '@dpms/print-service';
import { readPdf, signaturePng } from '@dpms/print-service/testing';
import { SqlFileRecordRepository } from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer, filesModule } from '../composition/modules.js';
import { createLogger } from '../http/logger.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { testServerConfig } from '../test-support/test-server-config.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';
import {
  binary,
  compact,
  startTestPrintService,
  pdfsig as pdfsigIn,
} from '../test-support/print-service.js';
import { sqlContractSource, sqlDocumentSource } from './document-source.js';
import { HttpPrintClient } from './http-print-client.js';
import { generateSealKey, P12PdfSealer } from './pdf-seal.js';
import { printModule } from './print.module.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/**
 * A formal contract's PDF (`GET /v4/contract/{contractId}/pdf`) through the API and a real print
 * service on the web's built print page: the record and its approval's signatures, sealed by the
 * institute; read back with poppler (pdftotext, pdfsig).
 */
const INSTITUTE_SEAL = '华东示范建筑设计研究院有限公司';

let printService: RunningPrintService;
let database: TestDatabase;
let app: Express;
let root: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  printService = await startTestPrintService();
  database = await openTestDatabase('embedded');
  root = mkdtempSync(path.join(tmpdir(), 'dpms-contract-pdf-'));
  const clock = new TestClock();
  const container = buildContainer({
    config: testServerConfig(database.dataDir),
    logger: createLogger('silent'),
    repos: database.repos,
    jwtSecret: 'contract-pdf-secret-contract-pdf-secret-0123456',
    clock,
    db: database.handle.db,
  });
  container.load(
    filesModule(
      new FileService(
        new LocalDiskFileStore(path.join(root, 'files')),
        new SqlFileRecordRepository(database.handle.db),
        clock,
        DEFAULT_FILE_SERVICE_CONFIG,
      ),
    ),
  );
  container.load(
    printModule(
      new HttpPrintClient(printService.url),
      sqlDocumentSource(database.handle.db),
      new P12PdfSealer(generateSealKey(INSTITUTE_SEAL)),
      sqlContractSource(database.handle.db),
    ),
  );
  app = readingRealStatuses(createApp(container).app);
  await headForDrafterDept(database.handle.db, { unlessLed: true });
});
afterAll(async () => {
  await printService?.close();
  await database?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const as = async (user: string) => {
  let token = tokens.get(user);
  if (token === undefined) {
    const r = await request(app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ username: user, password: DEMO_PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    token = r.body.token as string;
    tokens.set(user, token);
  }
  return { Authorization: `Bearer ${token}` };
};
const post = async (user: string, url: string, body: object) => {
  const r = await request(app)
    .post(`/prod-api${url}`)
    .set(await as(user))
    .send(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const getPdf = async (user: string, contractId: number) =>
  request(app)
    .get(`/prod-api/v4/contract/${contractId}/pdf`)
    .set(await as(user))
    .buffer(true)
    .parse(binary as never);
const nickName = async (userName: string) =>
  (await database.repos.users.findByUserName(userName))?.nickName ?? '';

const pdfsig = (pdf: Uint8Array, name: string): string => pdfsigIn(root, pdf, name);

/**
 * The right edge (pt) of the rightmost word pdftotext finds on any page, and the page's width:
 * a table run past the margin draws words beyond the page's printable width (A4 less 15 mm).
 */
const rightmostWord = (pdf: Uint8Array, name: string): { right: number; width: number } => {
  const file = path.join(root, `${name}.pdf`);
  writeFileSync(file, pdf);
  const html = spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).stdout;
  const width = Number(/<page width="([\d.]+)"/.exec(html)?.[1] ?? 'NaN');
  const rights = [...html.matchAll(/<word [^>]*xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
  return { right: Math.max(...rights), width };
};

/** A contract as 综合经营部 adds one: a draft (待提交评审). */
const addContract = async (contractNo: string, contractName: string) =>
  Number(
    (
      await post('zhjy', '/v4/contract/add', {
        projectName: `${contractName}项目`,
        contractName,
        contractNo,
        bizSource: '2',
        totalAmount: '1234.5678',
        cleanAmount: '1234.5678',
        signByMain: '杭州滨江城建',
        signBySub: '华东示范建筑设计研究院',
        signDate: '2026-06-01',
      })
    ).contractId,
  );

/** Signs an approval through to its end, each signer with their own opinion; the signers. */
async function approveToEnd(approvalId: string, opinionOf: (user: string) => string) {
  const signers: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const a = await database.handle.db
      .selectFrom('approval')
      .select(['status', 'version'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
    if (a.status !== 0) return signers;
    const pending = await database.handle.db
      .selectFrom('approval_pending as p')
      .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
      .select('u.user_name')
      .where('p.approval_id', '=', Number(approvalId))
      .execute();
    const user = pending[0]?.user_name ?? '';
    await post(user, '/project/approval/process', {
      approvalId,
      version: a.version,
      action: 'approve',
      opinion: opinionOf(user),
    });
    signers.push(user);
  }
  throw new Error(`approval ${approvalId} did not end`);
}

describe('a formal contract prints as a signed A4 PDF', () => {
  // Unbroken runs of Latin letters (an opinion at its 20-character limit, a name at its 30): a
  // table that cannot wrap them runs past the page's margin and loses them.
  const LONG_OPINION = 'ABCDEFGHIJKLMNOPQRST';
  const LONG_NAME = 'ZhangWeiLongNameWithoutAnyBrk1';
  let formalId = 0;
  let draftId = 0;
  let signers: string[] = [];

  beforeAll(async () => {
    // Each signer signs with their own image, uploaded in the personal centre.
    for (const [i, user] of ['bmfzr', 'jingying', 'zjl', 'caiwu', 'zhsw'].entries()) {
      const up = await request(app)
        .post('/prod-api/system/user/profile/signature')
        .set(await as(user))
        .attach('signaturefile', signaturePng(i + 1), 'sign.png');
      expect(up.status, JSON.stringify(up.body)).toBe(200);
    }
    formalId = await addContract('HT-PDF-0001', '滨江新城正式合同打印');
    const sent = await post('zhjy', '/project/contract/updateToApproval', {
      contractId: formalId,
    });
    let signed = 0;
    signers = await approveToEnd(String(sent.approvalId), (user) =>
      signed++ === 0 ? LONG_OPINION : `${user}已审核`,
    );
    expect(signers.length).toBeGreaterThan(0);
    await database.handle.db
      .updateTable('sys_user')
      .set({ nick_name: LONG_NAME })
      .where('user_name', '=', signers[0]!)
      .execute();
    draftId = await addContract('HT-PDF-0002', '滨江新城草稿合同');
  });

  it('answers a PDF of the record and every signer by name, sealed by the institute; a changed byte breaks the seal', async () => {
    const r = await getPdf('zhjy', formalId);
    expect(r.status, String(r.body)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const pdf = r.body as Buffer;
    const reading = await readPdf(pdf);
    expect(reading.pageSize).toContain('(A4)');
    const text = reading.compactText;
    expect(text).toContain(compact(INSTITUTE_SEAL));
    expect(text).toContain('HT-PDF-0001');
    expect(text).toContain('滨江新城正式合同打印');
    expect(text).toContain('杭州滨江城建');
    // 万元 as people read them, and the fee rates in percent.
    expect(text).toContain('1,234.5678');
    expect(text).toMatch(/费率（%）/);
    for (const user of signers) expect(text).toContain(compact(await nickName(user)));
    // The long opinion and name are printed whole: wrapped inside their cells, not cut off.
    expect(text).toContain(LONG_OPINION);
    expect(text).toContain(LONG_NAME);
    const { right, width } = rightmostWord(pdf, 'formal-words');
    expect(Math.abs(width - 595.3)).toBeLessThan(1);
    // Nothing drawn in the right margin (15 mm ≈ 42.5 pt): every table wraps within the page.
    expect(right).toBeLessThanOrEqual(width - 42);

    const report = pdfsig(pdf, 'formal');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    const changed = Buffer.from(pdf);
    const at = changed.indexOf('stream') + 'stream'.length + 20;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    expect(pdfsig(changed, 'formal-changed')).not.toContain('Signature is Valid');
  });

  it('serves the stored PDF until the record changes, then prints it anew', async () => {
    const first = await getPdf('zhjy', formalId);
    const again = await getPdf('admin', formalId);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);
    await post('zhjy', '/v4/contract/modifyContractName', {
      contractId: formalId,
      contractName: '滨江新城正式合同打印（更名）',
    });
    const renamed = await getPdf('zhjy', formalId);
    expect(renamed.status).toBe(200);
    expect(renamed.headers['etag']).not.toBe(first.headers['etag']);
    expect((await readPdf(renamed.body as Buffer)).compactText).toContain('（更名）');
  });

  it('refuses a draft naming why, a caller without the permission, and one outside the scope', async () => {
    const draft = await getPdf('zhjy', draftId);
    expect(draft.status).toBe(409);
    expect(String(draft.body)).toContain('只有审批通过的正式合同可以打印');
    const unpermitted = await getPdf('yuangong', formalId);
    expect(unpermitted.status).toBe(403);
    // xmjl2 reads only their own records.
    const stranger = await getPdf('xmjl2', formalId);
    expect(stranger.status).toBe(404);
    expect(stranger.headers['content-type']).not.toBe('application/pdf');
    const missing = await getPdf('zhjy', 999_999);
    expect(missing.status).toBe(404);
  });
});
