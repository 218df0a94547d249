import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApprovalStatus } from '../approval/approval-status.js';
import { CONTRACT_STAGES, type ContractStage } from './contract.js';
import {
  applyContractEvent,
  initialContractState,
  type ContractEvent,
  type ContractState,
} from './contract-rules.js';

function run(s: ContractState, ...events: ContractEvent[]): ContractState {
  let cur = s;
  for (const e of events) {
    const r = applyContractEvent(cur, e);
    if (!r.ok) throw new Error(`${e.type}: ${r.error.message}`);
    cur = r.value;
  }
  return cur;
}

const refusal = (s: ContractState, e: ContractEvent): string => {
  const r = applyContractEvent(s, e);
  if (r.ok) throw new Error(`expected ${e.type} to be refused`);
  return r.error.code;
};

describe('contract stage rules', () => {
  it('converts an unsigned contract once, into an effective draft contract', () => {
    const s = run(initialContractState('stay'), { type: 'convertByStaySign' });
    expect(s).toMatchObject({
      stage: 'contract',
      status: -1,
      effective: true,
      convertedFrom: 'stay',
    });
    expect(refusal(s, { type: 'convertByStaySign' })).toBe('CONTRACT.WRONG_STAGE');
    expect(refusal(s, { type: 'convertByDeclareProject' })).toBe('CONTRACT.WRONG_STAGE');
  });

  it('converts a declared project once', () => {
    const s = run(initialContractState('declare'), { type: 'convertByDeclareProject' });
    expect(s).toMatchObject({ stage: 'contract', convertedFrom: 'declare' });
    expect(refusal(s, { type: 'convertByDeclareProject' })).toBe('CONTRACT.WRONG_STAGE');
  });

  it('locks a contract in approval and makes it formal when the review is approved', () => {
    const pending = run(initialContractState('contract'), { type: 'submit', approvalId: '7' });
    expect(pending.status).toBe(0);
    expect(refusal(pending, { type: 'edit' })).toBe('CONTRACT.LOCKED');
    expect(refusal(pending, { type: 'delete' })).toBe('CONTRACT.LOCKED');
    expect(refusal(pending, { type: 'rename' })).toBe('CONTRACT.LOCKED');
    expect(refusal(pending, { type: 'submit', approvalId: '8' })).toBe('CONTRACT.LOCKED');
    // An older approval ending moves nothing.
    expect(run(pending, { type: 'approvalEnded', approvalId: '6', status: 1 })).toEqual(pending);
    const formal = run(pending, { type: 'approvalEnded', approvalId: '7', status: 1 });
    expect(formal).toMatchObject({ stage: 'formal', status: 1 });
    expect(refusal(formal, { type: 'delete' })).toBe('CONTRACT.APPROVED');
    expect(refusal(formal, { type: 'edit' })).toBe('CONTRACT.APPROVED');
    expect(run(formal, { type: 'rename' })).toEqual(formal);
  });

  it('unlocks a rejected or withdrawn contract for editing and resubmission', () => {
    for (const status of [2, 3] as const) {
      const s = run(
        initialContractState('contract'),
        { type: 'submit', approvalId: '1' },
        { type: 'approvalEnded', approvalId: '1', status },
      );
      expect(s.status).toBe(status);
      expect(applyContractEvent(s, { type: 'edit' }).ok).toBe(true);
      expect(run(s, { type: 'submit', approvalId: '2' })).toMatchObject({
        status: 0,
        approvalId: '2',
      });
    }
  });

  it('keeps an approved filing in the declared stage until it is converted', () => {
    const s = run(
      initialContractState('declare'),
      { type: 'submit', approvalId: '3' },
      { type: 'approvalEnded', approvalId: '3', status: 1 },
    );
    expect(s).toMatchObject({ stage: 'declare', status: 1 });
    expect(run(s, { type: 'convertByDeclareProject' })).toMatchObject({
      stage: 'contract',
      status: -1,
    });
  });

  it('confirms unsigned contracts effective and deletes only unconfirmed ones as unEffective', () => {
    const stay = initialContractState('stay');
    expect(stay.effective).toBe(false);
    expect(run(stay, { type: 'deleteUnEffective' }).deleted).toBe(true);
    const eff = run(stay, { type: 'setEffective', effective: true });
    expect(refusal(eff, { type: 'deleteUnEffective' })).toBe('CONTRACT.EFFECTIVE');
    expect(
      refusal(initialContractState('contract'), { type: 'setEffective', effective: true }),
    ).toBe('CONTRACT.WRONG_STAGE');
    expect(refusal(stay, { type: 'submit', approvalId: '1' })).toBe('CONTRACT.WRONG_STAGE');
  });

  it('records addHistory contracts as formal and approved', () => {
    const s = initialContractState('formal');
    expect(s).toMatchObject({ stage: 'formal', status: 1 });
    expect(refusal(s, { type: 'delete' })).toBe('CONTRACT.APPROVED');
  });
});

const eventArb: fc.Arbitrary<ContractEvent> = fc.oneof(
  fc.constant<ContractEvent>({ type: 'edit' }),
  fc.constant<ContractEvent>({ type: 'rename' }),
  fc.constant<ContractEvent>({ type: 'delete' }),
  fc.constant<ContractEvent>({ type: 'deleteUnEffective' }),
  fc.boolean().map<ContractEvent>((effective) => ({ type: 'setEffective', effective })),
  fc.constant<ContractEvent>({ type: 'convertByStaySign' }),
  fc.constant<ContractEvent>({ type: 'convertByDeclareProject' }),
  fc
    .integer({ min: 1, max: 4 })
    .map<ContractEvent>((n) => ({ type: 'submit', approvalId: String(n) })),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.constantFrom<ApprovalStatus>(-1, 0, 1, 2, 3))
    .map<ContractEvent>(([n, status]) => ({
      type: 'approvalEnded',
      approvalId: String(n),
      status,
    })),
);

const ORDER: Readonly<Record<ContractStage, number>> = {
  stay: 0,
  declare: 0,
  contract: 1,
  formal: 2,
};

describe('contract stage rules: properties over any sequence of events', () => {
  it('never deletes or edits an approved or pending contract, never moves a stage backwards, formal ⇒ approved', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTRACT_STAGES),
        fc.array(eventArb, { maxLength: 30 }),
        (stage, events) => {
          let s = initialContractState(stage);
          for (const e of events) {
            const wasApprovedOrPending = s.status === 1 || s.status === 0 || s.stage === 'formal';
            const r = applyContractEvent(s, e);
            if (wasApprovedOrPending && (e.type === 'delete' || e.type === 'edit')) {
              expect(r.ok).toBe(false);
            }
            if (!r.ok) continue;
            expect(ORDER[r.value.stage]).toBeGreaterThanOrEqual(ORDER[s.stage]);
            if (r.value.stage === 'formal') expect(r.value.status).toBe(1);
            if (s.status === 1 && s.stage !== 'stay') expect(r.value.deleted).toBe(false);
            s = r.value;
            if (s.deleted) break;
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('converts a record at most once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ContractStage>('stay', 'declare'),
        fc.array(eventArb, { maxLength: 30 }),
        (stage, events) => {
          let s = initialContractState(stage);
          let conversions = 0;
          for (const e of events) {
            const r = applyContractEvent(s, e);
            if (!r.ok) continue;
            if (e.type === 'convertByStaySign' || e.type === 'convertByDeclareProject')
              conversions += 1;
            s = r.value;
            if (s.deleted) break;
          }
          expect(conversions).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
