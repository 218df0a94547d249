import { describe, expect, it } from 'vitest';
import { ok } from '../shared/result.js';
import type { IdempotencyBegin } from '../platform/auth-session.js';
import { ApprovalEngine, nodesForContent, pendingUsers } from './approval-engine.use-case.js';
import type {
  ApprovalApprovedEvent,
  ApprovalChanges,
  ApprovalEndedEvent,
  ApprovalFlowNode,
  ApprovalRecord,
  ApprovalRepositories,
  ApprovalSentEvent,
  NewApprovalRecord,
  StoredApprovalLogEntry,
} from './approval.repository.port.js';
import { newApprovalState } from './approval-state-machine.js';
import type { NewApprovalNotice } from './approval-notice.js';
import { SEAL_GENERAL_MANAGER_RULE } from './seal-rule.js';

const node = (nodeId: number, extra: Partial<ApprovalFlowNode> = {}): ApprovalFlowNode => ({
  nodeId,
  flowId: 1,
  nodeName: `节点${nodeId}`,
  orderNum: nodeId,
  actorKind: 'users',
  roleKey: null,
  userIds: [String(10 + nodeId)],
  formField: null,
  mode: 'or',
  condition: null,
  conditionEffect: 'add',
  selfApproval: 'others',
  ...extra,
});

describe('nodesForContent', () => {
  const gm = node(3, { condition: SEAL_GENERAL_MANAGER_RULE.when });
  const skip = node(2, {
    condition: { kind: 'amount', refname: 'totalAmount', op: 'lt', threshold: '1' },
    conditionEffect: 'skip',
  });
  const seal = (values: string[]) => ({
    sealType: { label: '', type: 'options' as const, value: values },
  });

  it('adds a node while its condition holds and skips one while its skip condition holds', () => {
    expect(nodesForContent([node(1), gm], seal(['1', '5'])).map((n) => n.nodeId)).toEqual([1, 3]);
    expect(nodesForContent([node(1), gm], seal(['5'])).map((n) => n.nodeId)).toEqual([1]);
    const amount = (v: string) => ({
      totalAmount: { label: '', type: 'input' as const, value: v },
    });
    expect(nodesForContent([node(1), skip], amount('0.5')).map((n) => n.nodeId)).toEqual([1]);
    expect(nodesForContent([node(1), skip], amount('5')).map((n) => n.nodeId)).toEqual([1, 2]);
  });
});

describe('pendingUsers', () => {
  it('is the unsigned assignees of the current node, only while in approval', () => {
    const base = newApprovalState('1', [
      { nodeId: 'a', nodeName: 'A', mode: 'all', assignees: ['2', '3'] },
    ]);
    expect(pendingUsers(base)).toEqual([]);
    expect(pendingUsers({ ...base, status: 0, signedAtCurrent: ['2'] })).toEqual(['3']);
  });
});

/** An in-memory port set: enough to run the engine's happy path and its idempotency. */
function memory() {
  const approvals = new Map<string, ApprovalRecord>();
  const log: StoredApprovalLogEntry[] = [];
  const keys = new Map<string, { route: string; fingerprint?: string; response: unknown }>();
  const ended: ApprovalEndedEvent[] = [];
  const sent: ApprovalSentEvent[] = [];
  const approved: ApprovalApprovedEvent[] = [];
  const notices: (NewApprovalNotice & { readAt: Date | null })[] = [];
  const readers = new Set<string>();
  let nextId = 1;
  const repos: ApprovalRepositories = {
    approvals: {
      insert: (a: NewApprovalRecord, now: Date) => {
        const r: ApprovalRecord = {
          ...a,
          approvalId: String(nextId++),
          createTime: now,
          updateTime: now,
          submitTime: null,
          finishTime: null,
        };
        approvals.set(r.approvalId, r);
        return Promise.resolve(r);
      },
      findById: (id) => Promise.resolve(approvals.get(id) ?? null),
      lockById: (id) => Promise.resolve(approvals.get(id) ?? null),
      save: (id, expected, c: ApprovalChanges) => {
        const r = approvals.get(id);
        if (r === undefined || r.state.version !== expected) return Promise.resolve(false);
        approvals.set(id, { ...r, state: c.state, content: c.content ?? r.content });
        return Promise.resolve(true);
      },
      setPending: () => Promise.resolve(),
      addReader: (id, u) => {
        readers.add(`${id}:${u}`);
        return Promise.resolve();
      },
      appendLog: (e) => {
        log.push(e);
        return Promise.resolve();
      },
      listLog: (id) => Promise.resolve(log.filter((e) => e.approvalId === id)),
      softDelete: () => Promise.resolve(),
      listWaiting: () => Promise.resolve({ total: 0, rows: [] }),
      listInApproval: () => Promise.resolve([]),
      countWaiting: () => Promise.resolve(0),
      listByDrafter: () => Promise.resolve({ total: 0, rows: [] }),
      listDoneBy: () => Promise.resolve({ total: 0, rows: [] }),
      listAll: () => Promise.resolve({ total: 0, rows: [] }),
      isReader: (id, u) => Promise.resolve(readers.has(`${id}:${u}`)),
      inScope: () => Promise.resolve(false),
    },
    flows: {
      findFlowByType: () =>
        Promise.resolve({
          flowId: 1,
          typeCode: '22_1',
          flowName: 'f',
          status: '0',
          remark: '',
          nodeCount: 2,
          createTime: new Date(),
          updateTime: null,
        }),
      listNodes: () =>
        Promise.resolve([node(1), node(2, { actorKind: 'drafterDeptHead', userIds: [] })]),
    } as unknown as ApprovalRepositories['flows'],
    directory: {
      usersWithRole: () => Promise.resolve([]),
      leadersOf: () => Promise.resolve(['99']),
      leadersOfDept: () => Promise.resolve(['99']),
      activeUsers: (ids) => Promise.resolve(ids),
      namesOf: () => Promise.resolve({}),
      deptOf: () => Promise.resolve(1),
      signatureOf: (u) => Promise.resolve({ fileId: `f${u}`, url: `/s/${u}` }),
    },
    idempotency: {
      begin: (
        key: string,
        _u: number,
        route: string,
        _now: Date,
        fingerprint?: string,
      ): Promise<IdempotencyBegin> => {
        const k = keys.get(key);
        if (k === undefined) {
          keys.set(key, {
            route,
            ...(fingerprint === undefined ? {} : { fingerprint }),
            response: undefined,
          });
          return Promise.resolve({ kind: 'started' });
        }
        if (k.route !== route) return Promise.resolve({ kind: 'conflict' });
        if (k.fingerprint !== fingerprint) return Promise.resolve({ kind: 'mismatch' });
        return Promise.resolve({
          kind: 'completed',
          record: {
            key,
            userId: 1,
            route,
            fingerprint: k.fingerprint ?? null,
            status: 'completed',
            responseCode: 200,
            response: k.response,
            createdAt: new Date(),
          },
        });
      },
      complete: (key: string, _u: number, _c: number, response: unknown) => {
        keys.set(key, { ...keys.get(key), route: keys.get(key)?.route ?? '', response });
        return Promise.resolve();
      },
      release: () => Promise.resolve(),
      purge: () => Promise.resolve(0),
    },
    options: { load: () => Promise.resolve({}) },
    notices: {
      add: (list) => {
        notices.push(...list.map((n) => ({ ...n, readAt: null })));
        return Promise.resolve();
      },
      listUnread: (userId) =>
        Promise.resolve(
          notices
            .filter((n) => n.recipientId === userId && n.readAt === null)
            .map((n, i) => ({
              ...n,
              noticeId: String(i),
              approvalTitle: approvals.get(n.approvalId)?.title ?? '',
              senderName: `用户${n.senderId}`,
              createTime: n.createdAt,
            })),
        ),
      countUnread: (userId) =>
        Promise.resolve(notices.filter((n) => n.recipientId === userId && !n.readAt).length),
      markRead: (approvalId, userId, at) => {
        const mine = notices.filter(
          (n) => n.approvalId === approvalId && n.recipientId === userId && !n.readAt,
        );
        for (const n of mine) n.readAt = at;
        return Promise.resolve(mine.length);
      },
    },
    linkedRecords: {
      handles: () => true,
      linkableFromCentre: (kind) => kind !== 'closed',
      approvalSent: (e) => {
        sent.push(e);
        return Promise.resolve(ok(undefined));
      },
      approvalEnded: (e) => {
        ended.push(e);
        return Promise.resolve(ok(undefined));
      },
    },
    followUps: {
      approved: (e) => {
        approved.push(e);
        return Promise.resolve();
      },
    },
  };
  const engine = new ApprovalEngine(
    { transaction: (fn) => fn(repos) },
    { now: () => new Date('2026-11-22T06:00:00Z') },
  );
  return { engine, log, ended, sent, notices, approved };
}

describe('ApprovalEngine', () => {
  const drafter = { userId: 1, deptId: 1, scope: { kind: 'own', userId: 1 } as const };
  const actor = (userId: number) => ({ ...drafter, userId });
  const idem = (key?: string) => ({ key, route: '/process' });

  it('submits, resolves the actors, signs node by node and moves the record once at the end', async () => {
    const { engine, log, ended } = memory();
    const created = await engine.create(
      {
        kind: 'Common',
        typeCode: '22_1',
        content: {},
        recordKind: 'x',
        recordId: 'r1',
        submit: true,
      },
      drafter,
      idem(),
    );
    expect(created).toMatchObject({
      ok: true,
      value: { status: 0, version: 1, currentNodeName: '节点1' },
    });
    const id = created.ok ? created.value.approvalId : '';
    const first = await engine.process(
      { approvalId: id, action: 'approve', version: 1 },
      actor(11),
      idem('k1'),
    );
    expect(first).toMatchObject({ ok: true, value: { version: 2, currentNodeName: '节点2' } });
    // Replayed: the same answer, nothing appended.
    expect(
      await engine.process(
        { approvalId: id, action: 'approve', version: 1 },
        actor(11),
        idem('k1'),
      ),
    ).toEqual(first);
    expect(log).toHaveLength(2);
    const out = await engine.process(
      { approvalId: id, action: 'approve', version: 2 },
      actor(11),
      idem(),
    );
    expect(out).toMatchObject({ ok: false, error: { code: 'APPROVAL.NOT_YOUR_TURN' } });
    const last = await engine.process(
      { approvalId: id, action: 'approve', version: 2 },
      actor(99),
      idem(),
    );
    expect(last).toMatchObject({ ok: true, value: { status: 1 } });
    expect(ended.map((e) => e.recordId)).toEqual(['r1']);
    expect(log.map((e) => [e.action, e.signUrl])).toEqual([
      ['submit', '/s/1'],
      ['approve', '/s/11'],
      ['approve', '/s/99'],
    ]);
    const reused = await engine.create({ kind: 'Common', typeCode: '22_1', content: {} }, drafter, {
      key: 'k1',
      route: '/other',
    });
    expect(reused).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY.KEY_REUSED' } });
  });

  it('refuses a key sent again with another request, and replays it with the same one', async () => {
    const { engine } = memory();
    const drafter = actor(1);
    const create = (title: string, fingerprint: string) =>
      engine.create(
        {
          kind: 'Common',
          typeCode: '22_1',
          content: { title: { label: '标题', type: 'input', value: title } },
        },
        drafter,
        {
          key: 'same-key',
          route: '/add',
          fingerprint,
        },
      );
    const first = await create('一', 'fp-1');
    expect(first.ok).toBe(true);
    expect(await create('一', 'fp-1')).toEqual(first);
    expect(await create('二', 'fp-2')).toMatchObject({
      ok: false,
      error: { code: 'IDEMPOTENCY.KEY_MISMATCH', field: 'Idempotency-Key' },
    });
  });

  it('tells the linked record every send and every end, and nothing else', async () => {
    const { engine, ended, sent, approved } = memory();
    const created = await engine.create(
      {
        kind: 'Common',
        typeCode: '22_1',
        content: {},
        recordKind: 'x',
        recordId: 'r2',
        submit: true,
      },
      drafter,
      idem(),
    );
    const id = created.ok ? created.value.approvalId : '';
    const step = async (
      action: 'approve' | 'reject' | 'withdraw' | 'submit' | 'cc' | 'urge',
      user: number,
      version: number,
      extra = {},
    ) => {
      const r = await engine.process(
        { approvalId: id, action, version, ...extra },
        actor(user),
        idem(),
      );
      expect(r.ok, JSON.stringify(r)).toBe(true);
    };
    await step('urge', 1, 1);
    await step('reject', 11, 2);
    await step('submit', 1, 3);
    await step('withdraw', 1, 4);
    await step('submit', 1, 5);
    await step('approve', 11, 6);
    await step('approve', 99, 7);
    await step('cc', 1, 8, { toUserId: '5' });
    expect(sent.map((e) => [e.round, e.status])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(ended.map((e) => e.status)).toEqual([2, 3, 1]);
    expect(ended.every((e) => e.recordId === 'r2' && e.approvalId === id)).toBe(true);
    // What follows an approval is queued once, by the approval itself: not by a rejection, a
    // withdrawal or a cc after it.
    expect(approved).toEqual([
      { approvalId: id, typeCode: '22_1', recordKind: 'x', recordId: 'r2' },
    ]);
  });

  it('sends 抄送 to the copied user and 催办 to the waiting holders, read once they open it', async () => {
    const { engine, notices } = memory();
    const created = await engine.create(
      { kind: 'Common', typeCode: '22_1', title: '采购', content: {}, submit: true },
      drafter,
      idem(),
    );
    const id = created.ok ? created.value.approvalId : '';
    const cc = await engine.process(
      { approvalId: id, action: 'cc', version: 1, toUserId: '5' },
      drafter,
      idem(),
    );
    expect(cc.ok).toBe(true);
    const urge = await engine.process(
      { approvalId: id, action: 'urge', version: 2 },
      drafter,
      idem(),
    );
    expect(urge.ok).toBe(true);
    expect(notices.map((n) => [n.kind, n.recipientId, n.senderId])).toEqual([
      ['copy', '5', '1'],
      // 节点1 is held by user 11 alone.
      ['urge', '11', '1'],
    ]);
    const bell = await engine.notify(actor(5));
    expect(bell.noticeCount).toBe(1);
    expect(bell.noticeList).toEqual([
      expect.objectContaining({
        approvalId: id,
        approvalTitle: '采购',
        kind: 'copy',
        senderName: '用户1',
        createTime: '2026-11-22T06:00:00.000Z',
      }),
    ]);
    expect((await engine.notify(actor(11))).noticeCount).toBe(1);
    expect((await engine.notify(drafter)).noticeCount).toBe(0);
    // The copied user opens it: their notice is read; the holder's is not.
    expect((await engine.detail(id, actor(5))).ok).toBe(true);
    expect((await engine.notify(actor(5))).noticeCount).toBe(0);
    expect((await engine.notify(actor(11))).noticeList.map((n) => n.kind)).toEqual(['urge']);
  });

  it('refuses, from the approval centre, a record kind its domain sends itself', async () => {
    const { engine } = memory();
    const input = {
      kind: 'Common' as const,
      typeCode: '22_1',
      content: {},
      recordKind: 'closed',
      recordId: '1',
    };
    const centre = await engine.create({ ...input, viaApprovalCentre: true }, drafter, idem());
    expect(centre).toMatchObject({ ok: false, error: { field: 'recordKind' } });
    expect((await engine.create(input, drafter, idem())).ok).toBe(true);
  });

  it('refuses a record kind without its record, naming recordId', async () => {
    const { engine } = memory();
    const r = await engine.create(
      { kind: 'Common', typeCode: '22_1', content: {}, recordKind: 'x' },
      drafter,
      idem(),
    );
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION.RECORD_ID', field: 'recordId' },
    });
  });

  it('refuses content against the kind’s template, naming the field', async () => {
    const { engine } = memory();
    const r = await engine.create(
      {
        kind: 'Invoice',
        typeCode: '23_1',
        content: { invoiceAmount: { label: '', type: 'input', value: 'abc' } },
      },
      drafter,
      idem(),
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.field).toBe('invoiceDate');
  });
});
