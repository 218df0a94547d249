/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { LocalDiskFileStore } from '@dpms/files/local';
import {
  createPlatformRepositories,
  SqlFileRecordRepository,
  type DatabaseHandle,
} from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { createLogger } from '../http/logger.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import { openXlsx } from '../test-support/xlsx-answer.js';
import { openTestDatabase, type TestDatabaseKind } from '../test-support/test-database.js';
import { testServerConfig } from '../test-support/test-server-config.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/** The contract API with the file routes over a test database and a private local file store. */
export interface ContractTestApi {
  readonly app: Express;
  readonly db: DatabaseHandle['db'];
  as(user: string): Promise<ContractClient>;
  /** Signs `user` in again (a role change ends their session). */
  signInAgain(user: string): Promise<ContractClient>;
  close(): Promise<void>;
}

export interface ContractClient {
  readonly user: string;
  post(p: string, body: unknown, headers?: Record<string, string>): request.Test;
  put(p: string, body: unknown): request.Test;
  get(p: string, query?: Record<string, unknown>): request.Test;
  /** The call's .xlsx, opened. */
  xlsx(p: string, query?: Record<string, unknown>): Promise<ExcelJS.Workbook>;
  /** A file uploaded through /common/upload; its fileId. */
  upload(name: string, bytes: Buffer): Promise<string>;
}

export async function openContractApi(kind: TestDatabaseKind): Promise<ContractTestApi> {
  const database = await openTestDatabase(kind);
  const root = mkdtempSync(path.join(tmpdir(), 'dpms-contract-api-'));
  const clock = new TestClock();
  const files = new FileService(
    new LocalDiskFileStore(path.join(root, 'files')),
    new SqlFileRecordRepository(database.handle.db),
    clock,
    DEFAULT_FILE_SERVICE_CONFIG,
  );
  const container = buildContainer({
    config: testServerConfig(database.dataDir),
    logger: createLogger('silent'),
    repos: createPlatformRepositories(database.handle.db),
    jwtSecret: 'contract-secret-contract-secret-contract-0123',
    clock,
    db: database.handle.db,
    files,
  });
  const app = readingRealStatuses(createApp(container).app);
  await headForDrafterDept(database.handle.db, { unlessLed: true });
  const tokens = new Map<string, string>();
  const login = async (user: string) => {
    const known = tokens.get(user);
    if (known) return known;
    const r = await request(app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ username: user, password: DEMO_PASSWORD });
    if (r.status !== 200) throw new Error(`login ${user}: ${r.status} ${JSON.stringify(r.body)}`);
    const token = (r.body as { token: string }).token;
    tokens.set(user, token);
    return token;
  };
  const testApi: ContractTestApi = {
    app,
    db: database.handle.db,
    signInAgain(user) {
      tokens.delete(user);
      return testApi.as(user);
    },
    async as(user) {
      const auth = { Authorization: `Bearer ${await login(user)}` };
      const get = (p: string, query: Record<string, unknown> = {}) =>
        request(app)
          .get(`/prod-api${p}`)
          .set(auth)
          .query(query as Record<string, string>);
      return {
        user,
        post: (p, body, headers = {}) =>
          request(app)
            .post(`/prod-api${p}`)
            .set({ ...auth, ...headers })
            .send(body as object),
        put: (p, body) =>
          request(app)
            .put(`/prod-api${p}`)
            .set(auth)
            .send(body as object),
        get,
        xlsx: (p, query = {}) => openXlsx(get(p, query), p),
        async upload(name, bytes) {
          const r = await request(app)
            .post('/prod-api/common/upload')
            .set(auth)
            .attach('file', bytes, { filename: name });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          return r.body.data.fileId as string;
        },
      };
    },
    close: async () => {
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return testApi;
}

/**
 * A signed formal contract of `totalAmount` 万元 as the staff add one (综合经营部's
 * /project/contract/addHistory), its parties overridable; its contractId.
 */
export async function addFormalContract(
  as: ContractClient,
  name: string,
  totalAmount = '100',
  parties: { readonly entrustBusinessName?: string; readonly signByMain?: string } = {},
): Promise<number> {
  const r = await as.post('/project/contract/addHistory', {
    projectName: `${name}项目`,
    contractName: name,
    entrustBusinessName: parties.entrustBusinessName ?? `${name}委托单位`,
    bizSource: '2',
    totalAmount,
    cleanAmount: totalAmount,
    signByMain: parties.signByMain ?? `${name}甲方`,
    signBySub: '华东示范建筑设计研究院',
    signDate: '2025-05-06',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.data.contractId);
}

/** Signs an approval through to its end with whoever it waits on (each signer's own token). */
export async function approveToEnd(api: ContractTestApi, approvalId: string): Promise<void> {
  for (let i = 0; i < 12; i += 1) {
    const a = await api.db
      .selectFrom('approval')
      .select(['status', 'version'])
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
    if (a.status !== 0) return;
    const pending = await api.db
      .selectFrom('approval_pending as p')
      .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
      .select('u.user_name')
      .where('p.approval_id', '=', Number(approvalId))
      .execute();
    const signer = await api.as(pending[0]?.user_name ?? '');
    const r = await signer.post('/project/approval/process', {
      approvalId,
      version: a.version,
      action: 'approve',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  throw new Error(`approval ${approvalId} did not end`);
}

/** Rejects an approval at its current node. */
export async function rejectNow(api: ContractTestApi, approvalId: string): Promise<void> {
  const a = await api.db
    .selectFrom('approval')
    .select(['version'])
    .where('approval_id', '=', Number(approvalId))
    .executeTakeFirstOrThrow();
  const pending = await api.db
    .selectFrom('approval_pending as p')
    .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
    .select('u.user_name')
    .where('p.approval_id', '=', Number(approvalId))
    .execute();
  const signer = await api.as(pending[0]?.user_name ?? '');
  const r = await signer.post('/project/approval/process', {
    approvalId,
    version: a.version,
    action: 'reject',
    opinion: '金额有误，请核对',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The rows of a sheet below its header, as arrays of cell values (1-based columns dropped). */
export function sheetRows(wb: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = wb.getWorksheet(name);
  expect(sheet, `sheet ${name}`).toBeDefined();
  const rows: unknown[][] = [];
  sheet?.eachRow((row, n) => {
    if (n === 1) return;
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

export function headerOf(wb: ExcelJS.Workbook, name: string): unknown[] {
  return (wb.getWorksheet(name)?.getRow(1).values as unknown[]).slice(1);
}
