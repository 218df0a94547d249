import { describe, expect, it } from 'vitest';
import { approvalMessages } from '../approval/approval-messages.js';
import type { ApprovalSentEvent } from '../approval/approval.repository.port.js';
import { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import { registerContractChildRecords } from './contract-child-approval-records.js';
import type { ChildApprovalState, ContractChildRepository } from './contract-child.js';
import { CONTRACT_CHILD_RECORD_KIND } from './contract-child.use-case.js';

const AT = new Date('2026-03-02T08:00:00Z');

/** The sub-contracts' stored approval state in memory, and the handler's port over them. */
function memory(rows: readonly ChildApprovalState[]) {
  const store = new Map(rows.map((r) => [r.contractChildId, { ...r, updateTime: new Date(0) }]));
  const children: Pick<
    ContractChildRepository,
    'lockApprovalState' | 'save' | 'authorOf' | 'personOf'
  > = {
    lockApprovalState: (id) => {
      const r = store.get(id);
      return Promise.resolve(r === undefined ? null : { ...r });
    },
    save: (id, expectedVersion, changes, now) => {
      const r = store.get(id);
      if (r === undefined || r.version !== expectedVersion) return Promise.resolve(null);
      store.set(id, {
        ...r,
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.approvalId !== undefined ? { approvalId: changes.approvalId } : {}),
        version: expectedVersion + 1,
        updateTime: now,
      });
      return Promise.resolve(null);
    },
    authorOf: (id) => Promise.resolve(store.has(Number(id)) ? '7' : null),
    personOf: (id, field) =>
      Promise.resolve(store.has(Number(id)) && field === 'projectManagerId' ? ['9'] : null),
  };
  const linked = registerContractChildRecords(new LinkedRecordRegistry<'tx'>(), () => ({
    children: children as ContractChildRepository,
  }));
  return { store, port: linked.bind('tx') };
}

const child = (over: Partial<ChildApprovalState> = {}): ChildApprovalState => ({
  contractChildId: 5,
  status: -1,
  approvalId: null,
  history: false,
  version: 3,
  ...over,
});

const sent = (over: Partial<ApprovalSentEvent> = {}): ApprovalSentEvent => ({
  approvalId: '40',
  typeCode: '5_1',
  recordKind: CONTRACT_CHILD_RECORD_KIND,
  recordId: '5',
  status: 0,
  content: {},
  drafterId: '7',
  at: AT,
  round: 1,
  ...over,
});

const superseded = { ok: false, error: { code: approvalMessages.recordSuperseded().code } };

describe('the sub-contract approval handler', () => {
  it('locks a draft on its first submission, and a rejected one on a resubmission', async () => {
    const { store, port } = memory([child(), child({ contractChildId: 6, status: 2 })]);
    expect(await port.approvalSent(sent())).toEqual({ ok: true, value: undefined });
    expect(store.get(5)).toMatchObject({ status: 0, approvalId: '40', version: 4, updateTime: AT });
    await port.approvalSent(sent({ recordId: '6', approvalId: '41', round: 1 }));
    expect(store.get(6)).toMatchObject({ status: 0, approvalId: '41', version: 4 });
  });

  it('lets its own approval through and refuses one held by another, approved or history', async () => {
    const { store, port } = memory([
      child({ status: 0, approvalId: '40' }),
      child({ contractChildId: 6, status: 0, approvalId: '39' }),
      child({ contractChildId: 7, status: 1, approvalId: '38' }),
      child({ contractChildId: 8, history: true }),
      child({ contractChildId: 9, status: 2, approvalId: '37' }),
    ]);
    expect(await port.approvalSent(sent({ round: 2 }))).toEqual({ ok: true, value: undefined });
    expect(store.get(5)).toMatchObject({ version: 3 });
    for (const recordId of ['6', '7', '8']) {
      expect(await port.approvalSent(sent({ recordId }))).toMatchObject(superseded);
    }
    // A resubmission of an approval the sub-contract no longer waits on.
    expect(await port.approvalSent(sent({ recordId: '9', round: 2 }))).toMatchObject(superseded);
    expect(store.get(9)).toMatchObject({ status: 2, approvalId: '37', version: 3 });
  });

  it('moves the sub-contract only for the approval it waits on', async () => {
    const { store, port } = memory([
      child({ status: 0, approvalId: '40' }),
      child({ contractChildId: 6, status: 0, approvalId: '39' }),
    ]);
    expect(await port.approvalEnded(sent({ status: 1 }))).toEqual({ ok: true, value: undefined });
    expect(store.get(5)).toMatchObject({ status: 1, version: 4, updateTime: AT });
    expect(await port.approvalEnded(sent({ recordId: '6', status: 2 }))).toEqual({
      ok: true,
      value: undefined,
    });
    expect(store.get(6)).toMatchObject({ status: 0, version: 3 });
  });

  it('refuses a sub-contract that is gone or an id that is not one', async () => {
    const { port } = memory([]);
    const notFound = { ok: false, error: { code: 'CONTRACT.CHILD_NOT_FOUND', field: 'recordId' } };
    expect(await port.approvalSent(sent())).toMatchObject(notFound);
    expect(await port.approvalEnded(sent({ recordId: 'x', status: 1 }))).toMatchObject(notFound);
  });

  it('asks the repository for the author and the people of a node', async () => {
    const { port } = memory([child()]);
    expect(await port.authorOf?.(CONTRACT_CHILD_RECORD_KIND, '5')).toBe('7');
    expect(await port.personOf?.(CONTRACT_CHILD_RECORD_KIND, '5', 'projectManagerId')).toEqual([
      '9',
    ]);
  });
});
