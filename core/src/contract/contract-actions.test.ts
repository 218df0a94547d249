import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES } from '../approval/approval-status.js';
import { CONTRACT_STAGES } from './contract.js';
import {
  contractActionPermission,
  mayActOnContract,
  type ContractAction,
} from './contract-actions.js';

const ACTIONS: ContractAction[] = ['edit', 'submit', 'remove', 'convert', 'setEffective'];
const row = { approvalId: null, effective: '0' as const };

describe('what the contract lists offer on a row', () => {
  it('offers 删除 only with the stage’s :remove permission, and never on an approved contract', () => {
    const reader = { userId: 3, permissions: ['project:contract:list'], isAdmin: false };
    const remover = { userId: 2, permissions: ['project:contract:*'], isAdmin: false };
    const draft = { ...row, stage: 'contract' as const, status: -1 as const };
    expect(mayActOnContract('remove', draft, reader)).toBe(false);
    // The grant pattern is not a permission: only the exact string or *:*:* passes.
    expect(mayActOnContract('remove', draft, remover)).toBe(false);
    expect(
      mayActOnContract('remove', draft, { ...remover, permissions: ['project:contract:remove'] }),
    ).toBe(true);
    expect(
      mayActOnContract(
        'remove',
        { ...row, stage: 'formal', status: 1 },
        { ...remover, permissions: ['*:*:*'] },
      ),
    ).toBe(false);
  });

  it('property: offered exactly when the stage’s permission is held and the stage rules allow it', () => {
    const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.constantFrom(...CONTRACT_STAGES),
        fc.constantFrom(...APPROVAL_STATUSES),
        fc.boolean(),
        (action, stage, status, holds) => {
          const c = { ...row, stage, status };
          const actor = holds
            ? all
            : { userId: 1, permissions: ['project:contract:list'], isAdmin: false };
          const changeable = status !== 0 && status !== 1 && stage !== 'formal';
          const allowed = {
            edit: changeable,
            remove: changeable,
            submit: changeable && (stage === 'contract' || stage === 'declare'),
            convert: (stage === 'stay' || stage === 'declare') && status !== 0,
            setEffective: stage === 'stay',
          }[action];
          expect(mayActOnContract(action, c, actor)).toBe(holds && allowed);
          expect(contractActionPermission(stage, action)).toMatch(
            /^project:(stay|declare|contract):/,
          );
        },
      ),
    );
  });
});
