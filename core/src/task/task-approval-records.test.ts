import { describe, expect, it } from 'vitest';
import type { ApprovalSentEvent, LinkedRecordPort } from '../approval/approval.repository.port.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { DesignTask, ResultSeal, TaskFinishAmountEntry } from './task.js';
import { TASK_RECORD_KIND } from './task-approval.js';
import { designTask } from '../test-support/design-task.js';
import { registerTaskRecords } from './task-approval-records.js';
import { RESULT_SEAL_RECORD_KIND } from './task-inputs.js';
import { TASK_VALUE_RECORD_KIND } from './task-value-approval.service.js';
import type {
  ResultSealRepository,
  TaskChanges,
  TaskRepositories,
  TaskRepository,
  TaskResultRepository,
} from './task.repository.port.js';

// Creator 9, design host 1, project manager 2.
const task = (over: Partial<DesignTask> = {}): DesignTask => designTask({ majorList: [], ...over });

const seal = (over: Partial<ResultSeal> = {}): ResultSeal => ({
  resultSealId: 7,
  taskId: 5,
  results: [],
  taskNo: 'RW2026-001',
  taskName: '施工图',
  contractName: '科创园设计合同',
  drawContent: '立面图',
  drawNum: 1,
  sealGoalContent: '',
  unGuidangShowImg: '',
  guidangShowImg: '',
  sealCategory: '',
  sealType: ['4'],
  sealTime: null,
  imgFiles: [],
  sealImages: [],
  status: 0,
  approvalId: 'A-SEAL',
  userId: 14,
  userName: 'u14',
  nickName: 'u14',
  version: 0,
  createTime: new Date(0),
  finishTime: null,
  ...over,
});

/** The transaction handle the handlers are bound to: here only a name. */
type Tx = 'tx';

/** In-memory task ports: one task and one seal request, and what was asked of them. */
function memory(t: DesignTask, s: ResultSeal = seal()) {
  const state = {
    task: t,
    seal: s,
    finishAmounts: [] as TaskFinishAmountEntry[],
    locked: [] as number[],
    savedAt: [] as Date[],
    /** The `at` of each `repositoriesOf` call: the action's time when writing, none when reading. */
    portsAt: [] as (Date | undefined)[],
    /** A concurrent write lands between read and save. */
    concurrentWrite: false,
  };
  const tasks = {
    lock: (taskId) => {
      state.locked.push(taskId);
      return Promise.resolve(taskId === state.task.taskId);
    },
    findById: (taskId) => Promise.resolve(taskId === state.task.taskId ? state.task : null),
    save: (taskId, expectedVersion, changes: TaskChanges, now) => {
      if (state.concurrentWrite || expectedVersion !== state.task.version)
        return Promise.resolve({ ok: true, value: null });
      state.task = { ...state.task, ...changes, version: state.task.version + 1 };
      state.savedAt.push(now);
      return Promise.resolve({ ok: true, value: state.task });
    },
    authorOf: (recordId) =>
      Promise.resolve(recordId === String(state.task.taskId) ? String(state.task.userId) : null),
    personOf: (recordId, field) =>
      Promise.resolve(
        recordId !== String(state.task.taskId)
          ? null
          : field === 'designUserId'
            ? [String(state.task.designUserId)]
            : field === 'projectManagerId'
              ? [String(state.task.projectManagerId)]
              : null,
      ),
  } satisfies Partial<TaskRepository>;
  const results = {
    listPays: () => Promise.resolve([]),
    appendFinishAmount: (e) => {
      state.finishAmounts.push(e);
      return Promise.resolve();
    },
  } satisfies Partial<TaskResultRepository>;
  const seals = {
    findById: (id) => Promise.resolve(id === state.seal.resultSealId ? state.seal : null),
    update: (_id, changes, _now) => {
      state.seal = { ...state.seal, ...changes };
      return Promise.resolve();
    },
    authorOf: (recordId) =>
      Promise.resolve(recordId === String(state.seal.resultSealId) ? '14' : null),
    personOf: (recordId, field) =>
      Promise.resolve(
        recordId === String(state.seal.resultSealId) && field === 'projectManagerId' ? ['2'] : null,
      ),
  } satisfies Partial<ResultSealRepository>;
  const repos = {
    tasks: tasks as unknown as TaskRepository,
    results: results as unknown as TaskResultRepository,
    seals: seals as unknown as ResultSealRepository,
    timeZone: () => Promise.resolve('Asia/Shanghai'),
  } as unknown as TaskRepositories;
  const linked = registerTaskRecords(new LinkedRecordRegistry<Tx>(), (tx, at) => {
    expect(tx).toBe('tx');
    state.portsAt.push(at);
    return repos;
  });
  return { state, linked, port: linked.bind('tx') };
}

const at = new Date('2026-11-20T18:30:00Z');
const event = (over: Partial<ApprovalSentEvent> = {}): ApprovalSentEvent => ({
  approvalId: 'A-1',
  typeCode: '3_1',
  recordKind: TASK_RECORD_KIND,
  recordId: '5',
  status: 0,
  content: {},
  drafterId: '9',
  at,
  round: 1,
  ...over,
});
const ended = (port: LinkedRecordPort, status: ApprovalStatus, over: Partial<ApprovalSentEvent>) =>
  port.approvalEnded(event({ status, ...over }));

describe('the task sheet’s linked record (3_x)', () => {
  it('is linkable from the approval centre', () => {
    const { port } = memory(task());
    expect(port.linkableFromCentre(TASK_RECORD_KIND)).toBe(true);
    expect(port.linkableFromCentre(TASK_VALUE_RECORD_KIND)).toBe(false);
    expect(port.linkableFromCentre(RESULT_SEAL_RECORD_KIND)).toBe(false);
  });

  it('sent, locks the sheet under its lock with the approval, at the action’s time', async () => {
    const { state, port } = memory(task());
    expect(await port.approvalSent(event())).toEqual({ ok: true, value: undefined });
    expect(state.locked).toEqual([5]);
    expect(state.task).toMatchObject({ approvalStatus: 0, approvalId: 'A-1', version: 1 });
    expect(state.savedAt).toEqual([at]);
    expect(state.portsAt).toEqual([at]);
  });

  it('sent by someone who may not send it, refuses and writes nothing', async () => {
    const { state, port } = memory(task());
    const r = await port.approvalSent(event({ drafterId: '1' }));
    expect(r.ok).toBe(false);
    expect(state.task.version).toBe(0);
  });

  it('a sheet that is gone, or an id that is not one, refuses as not found', async () => {
    const { state, port } = memory(task());
    const gone = await port.approvalSent(event({ recordId: '6' }));
    expect(!gone.ok && gone.error.code).toBe('TASK.NOT_FOUND');
    const bad = await port.approvalEnded(event({ recordId: 'x', status: 1 }));
    expect(!bad.ok && bad.error.code).toBe('TASK.NOT_FOUND');
    expect(state.locked).toEqual([6]);
  });

  it('a concurrent write between read and save refuses as stale', async () => {
    const { state, port } = memory(task());
    state.concurrentWrite = true;
    const r = await port.approvalSent(event());
    expect(!r.ok && r.error.code).toBe('TASK.STALE_VERSION');
  });

  it('ended, takes the status of the approval it waits on; an older approval moves nothing', async () => {
    const waiting = { approvalStatus: 0 as const, approvalId: 'A-1' };
    for (const status of [1, 2, 3] as const) {
      const { state, port } = memory(task(waiting));
      expect((await ended(port, status, {})).ok).toBe(true);
      expect(state.task).toMatchObject({ approvalStatus: status, version: 1 });
      expect(state.savedAt).toEqual([at]);
    }
    const { state, port } = memory(task(waiting));
    expect((await ended(port, 1, { approvalId: 'A-0' })).ok).toBe(true);
    expect(state.task).toMatchObject({ approvalStatus: 0, version: 0 });
  });

  it('names its creator as author and its people as the sheet says now, reading only', async () => {
    const { state, port } = memory(task({ designUserId: 11, projectManagerId: 12 }));
    expect(await port.authorOf!(TASK_RECORD_KIND, '5')).toBe('9');
    expect(await port.authorOf!(TASK_RECORD_KIND, '6')).toBeNull();
    expect(await port.personOf!(TASK_RECORD_KIND, '5', 'designUserId')).toEqual(['11']);
    expect(await port.personOf!(TASK_RECORD_KIND, '5', 'projectManagerId')).toEqual(['12']);
    expect(state.portsAt).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('the output value confirmation’s linked record (4_x)', () => {
  const value = (over: Partial<ApprovalSentEvent> = {}) =>
    event({
      typeCode: '4_1',
      recordKind: TASK_VALUE_RECORD_KIND,
      status: 1,
      drafterId: '2',
      content: {
        confirmFinishAmount: { label: '确认完成产值（万元）', value: '40', type: 'input' },
        userName: { label: '申请人', value: '项目经理', type: 'text' },
      },
      ...over,
    });

  it('approved, confirms the amount on the task and writes its history row at the action’s time', async () => {
    const { state, port } = memory(task({ confirmFinishAmount: '10' }));
    expect(await port.approvalEnded(value())).toEqual({ ok: true, value: undefined });
    expect(state.task).toMatchObject({ confirmFinishAmount: '40', version: 1 });
    expect(state.savedAt).toEqual([at]);
    expect(state.finishAmounts).toEqual([
      { taskId: 5, before: '10', after: '40', userId: 2, userName: '项目经理', at },
    ]);
    expect(state.portsAt).toEqual([at]);
  });

  it('an amount over the task’s refuses; rejected or withdrawn changes nothing', async () => {
    const over = memory(task());
    const r = await over.port.approvalEnded(
      value({
        content: { confirmFinishAmount: { label: '', value: '101', type: 'input' } },
      }),
    );
    expect(!r.ok && r.error.code).toBe('TASK.AMOUNT_EXCEEDS');
    expect(over.state.finishAmounts).toEqual([]);
    for (const status of [2, 3] as const) {
      const { state, port } = memory(task());
      expect((await port.approvalEnded(value({ status }))).ok).toBe(true);
      expect(state.task.version).toBe(0);
      expect(state.finishAmounts).toEqual([]);
    }
  });

  it('names the task’s project manager as it is now, and no author', async () => {
    const { port } = memory(task({ projectManagerId: 12 }));
    expect(await port.personOf!(TASK_VALUE_RECORD_KIND, '5', 'projectManagerId')).toEqual(['12']);
    expect(await port.authorOf!(TASK_VALUE_RECORD_KIND, '5')).toBeNull();
  });
});

describe('the result seal’s linked record (13_1, 25_x)', () => {
  const sealEvent = (status: ApprovalStatus, approvalId = 'A-SEAL') =>
    event({
      typeCode: '13_1',
      recordKind: RESULT_SEAL_RECORD_KIND,
      recordId: '7',
      status,
      approvalId,
    });

  it('approved, is stamped at the action’s time, on the institute’s day', async () => {
    const { state, port } = memory(task());
    expect(await port.approvalEnded(sealEvent(1))).toEqual({ ok: true, value: undefined });
    // 18:30 UTC is the next day in Shanghai.
    expect(state.seal).toMatchObject({ status: 1, finishTime: at, sealTime: '2026-11-21' });
    expect(state.portsAt).toEqual([at]);
  });

  it('rejected, takes the status without a finish time; an older approval moves nothing', async () => {
    const { state, port } = memory(task());
    await port.approvalEnded(sealEvent(2));
    expect(state.seal).toMatchObject({ status: 2, finishTime: null, sealTime: null });
    const older = memory(task());
    await older.port.approvalEnded(sealEvent(1, 'A-0'));
    expect(older.state.seal).toMatchObject({ status: 0, finishTime: null });
  });

  it('a request that is gone refuses as not found', async () => {
    const { port } = memory(task());
    const r = await port.approvalEnded({ ...sealEvent(1), recordId: '8' });
    expect(!r.ok && r.error.code).toBe('TASK.SEAL_NOT_FOUND');
  });

  it('names its applicant as author and its task’s people', async () => {
    const { port } = memory(task());
    expect(await port.authorOf!(RESULT_SEAL_RECORD_KIND, '7')).toBe('14');
    expect(await port.authorOf!(RESULT_SEAL_RECORD_KIND, '8')).toBeNull();
    expect(await port.personOf!(RESULT_SEAL_RECORD_KIND, '7', 'projectManagerId')).toEqual(['2']);
  });
});
