/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords, contractClauses, type PlatformRepositories } from '@dpms/core';
import { LocalDiskFileStore } from '@dpms/files/local';
import type { RunningPrintService } from '@dpms/print-service';
import {
  contractPayload,
  readPdf,
  signaturePng,
  type PdfReading,
} from '@dpms/print-service/testing';
import { SqlContractDocumentRepository, SqlFileRecordRepository } from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer, filesModule } from '../composition/modules.js';
import { createLogger } from '../http/logger.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';
import { sqlDocumentSource } from './document-source.js';
import { HttpPrintClient } from './http-print-client.js';
import { generateSealKey, P12PdfSealer } from './pdf-seal.js';
import { PrintedPdfStore } from './printed-pdf-store.js';
import { printModule } from './print.module.js';
import { testServerConfig } from '../test-support/test-server-config.js';
import {
  createTestRecordTable,
  standInRecord,
  testLinkedRecords,
} from '../test-support/approval-test-records.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';
import {
  binary,
  compact,
  startTestPrintService,
  pdfsig as pdfsigIn,
} from '../test-support/print-service.js';

/**
 * PDFs through the API and a real print service (in this process, on a free port) printing on
 * the web's built print page in Debian Chromium; every PDF is read back with poppler.
 */
let printService: RunningPrintService;
beforeAll(async () => {
  printService = await startTestPrintService();
  expect(printService.pool.status().state).toBe('ready');
});
afterAll(async () => {
  await printService?.close();
});

function apiOver(database: TestDatabase, storeRoot: string, printUrl: string): Express {
  const clock = new TestClock();
  const container = buildContainer({
    config: testServerConfig(database.dataDir),
    logger: createLogger('silent'),
    repos: database.repos,
    jwtSecret: 'print-secret-print-secret-print-secret-0123456',
    clock,
    db: database.handle.db,
    // A 24_1 from the approval centre names its record: the test record stands in for it.
    linkedRecords: testLinkedRecords(),
  });
  const files = new FileService(
    new LocalDiskFileStore(storeRoot),
    new SqlFileRecordRepository(database.handle.db),
    clock,
    DEFAULT_FILE_SERVICE_CONFIG,
  );
  container.load(filesModule(files));
  container.load(printModule(new HttpPrintClient(printUrl), sqlDocumentSource(database.handle.db)));
  return readingRealStatuses(createApp(container).app);
}

describe.each(testDatabaseKinds())('PDFs of approvals and contract documents on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let downApp: Express;
  let sharedStoreApp: Express;
  let root: string;
  let repos: PlatformRepositories;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ Authorization: `Bearer ${tokens[user] ?? ''}` });
  const names: Record<string, string> = {};
  let approvalId = '';
  let version = 0;

  const login = async (a: Express, user: string) => {
    const r = await request(a)
      .post('/prod-api/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ username: user, password: DEMO_PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.token as string;
  };
  const getPdf = (a: Express, user: string, url: string, query: Record<string, string>) =>
    request(a)
      .get(`/prod-api${url}`)
      .set(as(user))
      .query(query)
      .buffer(true)
      .parse(binary as never);
  const pdfOf = async (user: string, url: string, query: Record<string, string>) => {
    const r = await getPdf(app, user, url, query);
    expect(r.status, String(r.body)).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    return {
      bytes: r.body as Buffer,
      etag: String(r.headers['etag']).replaceAll('"', ''),
      reading: await readPdf(r.body as Buffer),
    };
  };
  const approve = async (user: string, opinion: string) => {
    const r = await request(app)
      .post('/prod-api/project/approval/process')
      .set(as(user))
      .send({ approvalId, version, action: 'approve', opinion });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    version = r.body.data.version as number;
  };
  const expectEmbeddedTrueType = (pdf: PdfReading) => {
    expect(pdf.pageSize).toContain('(A4)');
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const f of pdf.fonts) {
      expect(f.type, f.name).toBe('CID TrueType');
      expect(f.embedded && f.subset, f.name).toBe(true);
    }
  };
  const printed = () => printService.pool.status().printed;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await createTestRecordTable(database.handle.db);
    repos = database.repos;
    root = mkdtempSync(path.join(tmpdir(), 'dpms-print-api-'));
    app = apiOver(database, path.join(root, 'files'), printService.url);
    // Port 9 (discard) on loopback: nothing listens, as when the print service is not running.
    downApp = apiOver(database, path.join(root, 'files-down'), 'http://127.0.0.1:9');
    sharedStoreApp = apiOver(database, path.join(root, 'files'), 'http://127.0.0.1:9');
    for (const user of ['admin', 'yuangong', 'bmfzr2', 'jingying', 'caiwu', 'xmjl2']) {
      tokens[user] = await login(app, user);
      const u = await repos.users.findByUserName(user);
      names[user] = u?.nickName ?? '';
    }
    // Each signer's own signature image, uploaded in the personal centre.
    for (const [i, user] of ['yuangong', 'bmfzr2', 'jingying', 'caiwu'].entries()) {
      const up = await request(app)
        .post('/prod-api/system/user/profile/signature')
        .set(as(user))
        .attach('signaturefile', signaturePng(i + 1), 'sign.png');
      expect(up.status, JSON.stringify(up.body)).toBe(200);
    }
    const draft = await request(app)
      .post('/prod-api/project/approval/addContractTemplate')
      .set(as('yuangong'))
      .send({
        typeCode: '24_1',
        ...standInRecord('review'),
        title: '滨江新城综合体合同评审',
        content: {
          contractName: { value: '滨江新城综合体技术咨询合同' },
          signByMain: { value: '杭州青松工程咨询有限公司' },
          signBySub: { value: '华东示范建筑设计研究院' },
          totalAmount: { value: '12.3456' },
        },
      });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    approvalId = draft.body.data.approvalId as string;
    const sent = await request(app)
      .post('/prod-api/project/approval/process')
      .set(as('yuangong'))
      .send({ approvalId, version: 0, action: 'submit' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    version = sent.body.data.version as number;
    await approve('bmfzr2', '同意');
    await approve('jingying', '同意签订');
  });
  afterAll(async () => {
    await database?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('serves the stored PDF again until another node signs, then prints anew', async () => {
    const first = await pdfOf('yuangong', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    const before = printed();
    const again = await pdfOf('admin', '/project/approval/export', { approvalId, format: 'pdf' });
    expect(printed()).toBe(before);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // Another API instance on the same file store serves it without the print service.
    const fromStore = await getPdf(sharedStoreApp, 'yuangong', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    expect(fromStore.status).toBe(200);
    expect((fromStore.body as Buffer).equals(first.bytes)).toBe(true);
    expect(first.reading.compactText).not.toContain('财务已核');
    await approve('caiwu', '财务已核');
    const after = await pdfOf('yuangong', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    expect(printed()).toBe(before + 1);
    expect(after.reading.compactText).toContain('财务已核');
    expect(after.reading.compactText).toContain(compact(names['caiwu']!));
    // The superseded PDF left the file store: the sheet's folder holds the current one alone.
    expect(after.etag).not.toBe(first.etag);
    const folder = path.join(root, 'files', 'objects', 'printed', `approval-${approvalId}`);
    expect(readdirSync(folder).filter((f) => f.endsWith('.pdf'))).toEqual([`${after.etag}.pdf`]);
  });

  it('exports an approval sheet as PDF with its fields and three signatures, by name', async () => {
    const { reading } = await pdfOf('yuangong', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    const text = reading.compactText;
    expect(text).toContain('滨江新城综合体合同评审');
    expect(text).toContain('滨江新城综合体技术咨询合同');
    expect(text).toContain('杭州青松工程咨询有限公司');
    expect(text).toContain('12.3456');
    for (const user of ['bmfzr2', 'jingying', 'caiwu'])
      expect(text).toContain(compact(names[user]!));
    for (const opinion of ['同意签订', '财务已核']) expect(text).toContain(opinion);
    expect(text).toContain(compact(names['yuangong']!));
    expectEmbeddedTrueType(reading);
  });

  it('prints a loan agreement with its figures, the waiting node holder by name and its history', async () => {
    const added = await request(app)
      .post('/prod-api/contract/loan/add')
      .set(as('caiwu'))
      .send({ loanDeptId: 110, loanAmount: '0.25', refundDate: '2026-12-31', reason: '打印借款' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const sent = await request(app)
      .post('/prod-api/contract/loan/updateToApproval')
      .set(as('caiwu'))
      .send({ loanId: added.body.data.loanId as number });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const loanApproval = String(sent.body.data.approvalId);
    const detail = await request(app)
      .get('/prod-api/project/approval/getCommonApprovalDetail')
      .set(as('caiwu'))
      .query({ approvalId: loanApproval });
    const waiting = detail.body.data.approvalDetailBO.unApprovalList[0] as {
      nodeName: string;
      assigneeNames: string[];
    };
    const holders = waiting.assigneeNames;
    expect(holders.length).toBeGreaterThan(0);
    const { reading } = await pdfOf('caiwu', '/project/approval/export', {
      approvalId: loanApproval,
      format: 'pdf',
    });
    const text = reading.compactText;
    for (const label of ['借款金额（万元）', '借款额度（万元）', '本次借款后可借余额（万元）'])
      expect(text).toContain(label);
    expect(text).toContain('0.25');
    expect(text).toContain(compact(`待审批：${waiting.nodeName}：${holders.join('、')}`));
    expect(text).toContain('第1轮');
  });

  it('answers 503 with a message when the print service is down; the xlsx export still works', async () => {
    const r = await getPdf(downApp, 'yuangong', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    expect(r.status).toBe(503);
    const body = JSON.parse(String(r.body)) as { code: number; msg: string };
    expect(body.code).toBe(503);
    expect(body.msg).toContain('打印服务');
    const xlsx = await getPdf(downApp, 'yuangong', '/project/approval/export', { approvalId });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses an unknown format naming the field, and a caller who may not see the approval', async () => {
    const bad = await getPdf(app, 'yuangong', '/project/approval/export', {
      approvalId,
      format: 'doc',
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body)).toContain('format');
    const stranger = await getPdf(app, 'xmjl2', '/project/approval/export', {
      approvalId,
      format: 'pdf',
    });
    expect([403, 404]).toContain(stranger.status);
    expect(stranger.headers['content-type']).not.toBe('application/pdf');
  });

  it('prints a stored contract document with its parties, amount, clauses and signatures', async () => {
    const documents = new SqlContractDocumentRepository(database.handle.db);
    const yuangong = (await repos.users.findByUserName('yuangong'))!;
    const sample = contractPayload(8, null);
    const doc = await documents.insert(
      {
        docType: 8,
        contractId: null,
        contractName: sample.contractName,
        values: sample.values,
        totalAmount: sample.values.totalAmount,
        deptId: yuangong.deptId ?? null,
        userId: yuangong.userId,
        createBy: 'yuangong',
      },
      new Date(),
    );
    const query = { documentId: String(doc.documentId) };
    const draft = await pdfOf('admin', '/v4/contract-document/pdf', query);
    const text = draft.reading.compactText;
    expect(text).toContain(compact(sample.contractName));
    expect(text).toContain(compact(sample.values.signBySub));
    expect(text).toContain(compact(sample.values.signByMain));
    expect(text).toContain(sample.values.totalAmount);
    expect(text).toContain(amountInWords(sample.values.totalAmount));
    for (const clause of contractClauses(8)) expect(text).toContain(compact(clause.text));
    expectEmbeddedTrueType(draft.reading);
    // Not yet in approval: no approval sheet.
    expect((await getPdf(app, 'admin', '/v4/contract-document/approvalPdf', query)).status).toBe(
      404,
    );

    // Linked to the signed approval: its signatures print in the document's footer.
    const linked = await documents.save(
      doc.documentId,
      { approvalId, status: 0 },
      doc.version,
      new Date(),
    );
    expect(linked).not.toBeNull();
    const before = printed();
    const signed = await pdfOf('admin', '/v4/contract-document/pdf', query);
    expect(printed()).toBe(before + 1);
    for (const user of ['bmfzr2', 'jingying', 'caiwu']) {
      expect(signed.reading.compactText).toContain(compact(names[user]!));
    }
    // The 拟稿人 row names the approval's drafter.
    expect(signed.reading.compactText).toContain(compact(`拟稿人${names['yuangong']!}`));
    const sheet = await pdfOf('admin', '/v4/contract-document/approvalPdf', query);
    expect(sheet.reading.compactText).toContain('滨江新城综合体合同评审');
    // A project contract's pdfUrl prints its contract document.
    const contract = await database.handle.db
      .selectFrom('contract')
      .select(['contract_id', 'project_name'])
      .where('del_flag', '=', '0')
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    const detail = await request(app)
      .get('/prod-api/project/contract/detailById')
      .set(as('admin'))
      .query({ contractId: contract.contract_id });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const pdfUrl = detail.body.data.pdfUrl as string;
    expect(pdfUrl).toBe(
      `/prod-api/v4/contract-document/contractPdf?contractId=${contract.contract_id}`,
    );
    const [pdfPath, pdfQuery] = pdfUrl.replace('/prod-api', '').split('?') as [string, string];
    const none = await getPdf(
      app,
      'admin',
      pdfPath,
      Object.fromEntries(new URLSearchParams(pdfQuery)),
    );
    expect(none.status).toBe(404);
    const type1 = contractPayload(1, null);
    const name = `${contract.project_name}技术咨询合同`;
    await documents.insert(
      {
        docType: 1,
        contractId: contract.contract_id,
        contractName: name,
        values: { ...type1.values, projectName: contract.project_name, contractName: name },
        totalAmount: type1.values.totalAmount,
        deptId: yuangong.deptId ?? null,
        userId: yuangong.userId,
        createBy: 'yuangong',
      },
      new Date(),
    );
    const ofContract = await pdfOf(
      'admin',
      pdfPath,
      Object.fromEntries(new URLSearchParams(pdfQuery)),
    );
    expect(ofContract.reading.compactText).toContain(compact(name));
    expect(ofContract.reading.compactText).toContain(amountInWords(type1.values.totalAmount));
    // Someone outside the document's data scope gets no PDF.
    const stranger = await getPdf(app, 'xmjl2', '/v4/contract-document/pdf', query);
    expect([403, 404]).toContain(stranger.status);
  });
});

describe("the institute's seal on the PDFs of approved records (PAdES)", () => {
  const INSTITUTE = '华东示范建筑设计研究院有限公司';
  const sealer = new P12PdfSealer(generateSealKey(INSTITUTE));
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'dpms-seal-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const pdfsig = (pdf: Uint8Array, name: string): string => pdfsigIn(root, pdf, name);
  const storeOf = (folder: string) =>
    new PrintedPdfStore(
      new LocalDiskFileStore(path.join(root, folder)),
      new HttpPrintClient(printService.url),
      sealer,
      () => new Date('2026-11-27T02:00:00Z'),
    );

  it('signs an issued payload: pdfsig finds a valid signature by the institute, and a changed byte breaks it', async () => {
    const payload = contractPayload(1);
    const printed = await storeOf('issued').pdfOf(
      { ...payload, issued: true },
      { kind: 'document', documentId: 1 },
    );
    if (!printed.ok) throw new Error(printed.message);
    const report = pdfsig(printed.pdf, 'signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain(`Signer Certificate Common Name: ${INSTITUTE}`);
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    // The page's own text, still readable after signing.
    expect((await readPdf(printed.pdf)).compactText).toContain(compact(payload.contractName));
    // One byte of the page content changed: the signature no longer matches.
    const changed = Buffer.from(printed.pdf);
    const at = changed.indexOf('stream') + 'stream'.length + 20;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    expect(pdfsig(changed, 'changed')).not.toContain('Signature is Valid');
  });

  it('leaves a PDF of a record not yet approved unsigned', async () => {
    const printed = await storeOf('draft').pdfOf(contractPayload(1), {
      kind: 'document',
      documentId: 2,
    });
    if (!printed.ok) throw new Error(printed.message);
    expect(pdfsig(printed.pdf, 'draft')).toContain('does not contain any signatures');
  });
});
