import { splitFees } from '@dpms/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contractBody,
  directFeeLocked,
  EMPTY_CONTRACT_FORM,
  filterAmount,
  previewFees,
  type FormStage,
} from './fee-preview';
import { RATES } from './test-rates';

const units = fc.integer({ min: 0, max: 999_999_999 });
const money = (u: number) => (u / 10_000).toFixed(4);

describe('fee preview', () => {
  it('equals core splitFees with the rate set of the stage and source', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<FormStage>('stay', 'declare', 'contract', 'formal'),
        fc.constantFrom('1', '2', '3'),
        fc.constantFrom('', '2024-03-31', '2024-04-01', '2026-01-15'),
        units,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('', '0.5', '0.8'),
        (stage, bizSource, signDate, total, cs, ds, rate) => {
          const clean = Math.floor(total * cs);
          const direct = Math.floor(clean * ds);
          const v = {
            ...EMPTY_CONTRACT_FORM,
            bizSource,
            signDate,
            totalAmount: money(total),
            cleanAmount: money(clean),
            directFee: money(direct),
            realAmountRate: rate,
          };
          const shown = previewFees(stage, v, RATES);
          const core = splitFees({
            bizSource: stage === 'declare' ? 'declare' : bizSource,
            signDate,
            totalAmount: v.totalAmount,
            cleanAmount: v.cleanAmount,
            directFee: v.directFee,
            realAmountRate: rate,
            rateSets: RATES,
          });
          expect(shown.ok).toBe(core.ok);
          if (shown.ok && core.ok) expect(shown.split).toEqual(core.value);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a blank clean amount is the total amount, as on the server', () => {
    const p = previewFees(
      'stay',
      { ...EMPTY_CONTRACT_FORM, bizSource: '2', totalAmount: '50' },
      RATES,
    );
    expect(p.ok && p.split.realAmount).toBe('50');
  });

  it('directFee is locked exactly for market contracts (not declared projects) from 2024-04-01', () => {
    expect(directFeeLocked('contract', { bizSource: '1', signDate: '2024-04-01' })).toBe(true);
    expect(directFeeLocked('stay', { bizSource: '1', signDate: '2024-03-31' })).toBe(false);
    expect(directFeeLocked('contract', { bizSource: '2', signDate: '2025-01-01' })).toBe(false);
    expect(directFeeLocked('declare', { bizSource: '1', signDate: '2025-01-01' })).toBe(false);
    expect(directFeeLocked('formal', { bizSource: '1', signDate: '' })).toBe(false);
  });

  it('a locked directFee is sent as computed, whatever was typed before it locked', () => {
    const v = {
      ...EMPTY_CONTRACT_FORM,
      bizSource: '1',
      signDate: '2024-05-01',
      totalAmount: '200',
      cleanAmount: '180',
      directFee: '99',
    };
    const body = contractBody('contract', v, previewFees('contract', v, RATES));
    expect(body['directFee']).toBe('156.82');
  });

  it('an amount input holds only a non-negative decimal of at most 4 places, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (raw) => {
        const v = filterAmount(raw);
        expect(v).toMatch(/^(\d+(\.\d{0,4})?)?$/);
        expect(v.includes('-')).toBe(false);
        // Running the filter again changes nothing.
        expect(filterAmount(v)).toBe(v);
      }),
      { numRuns: 1000 },
    );
    expect(filterAmount('12a.3b')).toBe('12.3');
    expect(filterAmount('-5')).toBe('5');
  });
});
