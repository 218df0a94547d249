import { describe, expect, it } from 'vitest';
import { CONTRACT_CLAUSE_TERMS, clauseHeading, contractClauses } from './contract-clauses.js';
import { CONTRACT_DOC_TYPES } from './contract-doc-type.js';

const terms = (type: Parameters<typeof contractClauses>[0], key: string) =>
  contractClauses(type).find((clause) => clause.key === key)?.terms;

describe('contract clauses', () => {
  it('every type has the common clauses, numbered 1 … n, each figure in its text', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      const clauses = contractClauses(type);
      expect(clauses.map((c) => c.no)).toEqual(clauses.map((_, i) => i + 1));
      expect(terms(type, 'confidentiality')).toEqual({ confidentialityYears: 5 });
      expect(terms(type, 'invoice')).toEqual({ vatRatePercent: 6 });
      expect(terms(type, 'copies')).toEqual({ copies: 4, copiesPerParty: 2 });
      for (const clause of clauses) {
        for (const figure of Object.values(clause.terms))
          expect(clause.text).toContain(String(figure));
        expect(clause.text).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('types 1 and 2: reply 24 h, penalty 5‰, suspend after 30 days', () => {
    for (const type of [1, 2] as const) {
      expect(terms(type, 'replyTime')).toEqual({ replyWithinHours: 24 });
      expect(terms(type, 'penalty')).toEqual({ penaltyPerMilleOfTotal: 5 });
      expect(terms(type, 'suspension')).toEqual({ suspendWhenPaymentLateDays: 30 });
      expect(contractClauses(type).find((c) => c.key === 'penalty')?.text).toContain('5‰');
    }
  });

  it('type 3: penalty 0.5%, payment stop after 30 days', () => {
    expect(terms(3, 'penalty')).toEqual({ penaltyPercentOfTotal: 0.5 });
    expect(contractClauses(3).find((c) => c.key === 'penalty')?.text).toContain('0.5%');
    expect(terms(3, 'paymentStop')).toEqual({ paymentStopAfterOverdueDays: 30 });
  });

  it('type 6: 0.02% per day of the unpaid amount', () => {
    expect(terms(6, 'latePenalty')).toEqual({ latePenaltyPercentPerDay: 0.02 });
    expect(contractClauses(6)[0]?.text).toContain('未付金额的0.02%');
  });

  it('type 7: pay within 30 days, free delivery within 6 km', () => {
    expect(terms(7, 'payment')).toEqual({ payInFullWithinDays: 30 });
    expect(terms(7, 'delivery')).toEqual({ freeDeliveryWithinKm: 6 });
  });

  it('type 8: 72 h booking, 24 h changes, 10 months and 20000 yuan, 500 yuan fee, 30 working days', () => {
    expect(terms(8, 'booking')).toEqual({ bookingHoursAhead: 72 });
    expect(terms(8, 'change')).toEqual({ changeHoursAhead: 24 });
    expect(terms(8, 'nonSolicitation')).toEqual({
      nonSolicitationMonths: 10,
      nonSolicitationPenaltyYuan: 20000,
    });
    expect(terms(8, 'refund')).toEqual({ setupFeeYuan: 500, refundWithinWorkingDays: 30 });
    expect(CONTRACT_CLAUSE_TERMS.serviceGuidance.refundWithinWorkingDays).toBe(30);
  });

  it('a type has only its own clauses', () => {
    expect(terms(6, 'replyTime')).toBeUndefined();
    expect(terms(1, 'booking')).toBeUndefined();
  });

  it('prints clause numbers in Chinese', () => {
    expect([1, 9, 10, 11, 20, 23, 99].map(clauseHeading)).toEqual([
      '第一条',
      '第九条',
      '第十条',
      '第十一条',
      '第二十条',
      '第二十三条',
      '第九十九条',
    ]);
    expect(() => clauseHeading(0)).toThrow(RangeError);
  });
});
