import path from 'node:path';
import type { ApprovalSheetPrint } from '@dpms/core';
import { DEFAULT_CHROMIUM_PATH } from '../chromium.js';
import type { PrintServiceConfig } from '../config.js';
import {
  startPrintService,
  type PrintServiceExtras,
  type RunningPrintService,
} from '../service.js';

/** A directory holding a stand-in print page with the web's contract (see fixture/print.html). */
export const FIXTURE_WEB_DIR = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'fixture',
);

export const testConfig = (overrides: Partial<PrintServiceConfig> = {}): PrintServiceConfig => ({
  host: '127.0.0.1',
  port: 0,
  chromiumPath: process.env['CHROMIUM_PATH'] || DEFAULT_CHROMIUM_PATH,
  webDir: FIXTURE_WEB_DIR,
  tabs: 1,
  maxQueue: 4,
  maxJobsPerBrowser: 1000,
  jobTimeoutMs: 120_000,
  probeIntervalMs: 0,
  probeTimeoutMs: 2_000,
  bodyLimitBytes: 1024 * 1024,
  ...overrides,
});

export async function startTestService(
  overrides: Partial<PrintServiceConfig> = {},
  extras: PrintServiceExtras = {},
): Promise<RunningPrintService> {
  const service = await startPrintService(testConfig(overrides), { warmPayload: null, ...extras });
  await service.ready;
  return service;
}

/** A small approval sheet; `title` "hold:<url>" makes the fixture page wait for that URL. */
export const sheet = (
  title: string,
  fields: ApprovalSheetPrint['fields'] = [],
): ApprovalSheetPrint => ({
  kind: 'approvalSheet',
  title,
  approvalNo: '1',
  creatorName: '张三',
  createTime: '2026-01-01 09:00:00',
  statusText: '审批中',
  fields,
  approval: {
    approvalDetailBO: {
      creatorSignUrl: null,
      approvalNodeList: [],
      unApprovalList: [],
      currentNodeName: '',
    },
    attachmentList: [],
    sealImagesList: [],
    imgFiles: [],
    currentSignRecord: null,
  },
});

export const postRender = (service: RunningPrintService, body: unknown): Promise<Response> =>
  fetch(`${service.url}/render`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
