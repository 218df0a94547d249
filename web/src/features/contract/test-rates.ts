import type { FeeRateSets } from '@dpms/core';

/** The fee rates the contract forms' tests preview and check their fees with, one set per business source. */
export const RATES: FeeRateSets = {
  market: {
    technicalFee_rate: '0.08',
    operateFee_rate: '0.15',
    expertFee_rate: '0.05',
    designFee_rate: '0.8',
  },
  inner: {
    technicalFee_rate: '0',
    operateFee_rate: '0.1',
    expertFee_rate: '0.02',
    designFee_rate: '0.88',
  },
  union: {
    technicalFee_rate: '0.1',
    operateFee_rate: '0',
    expertFee_rate: '0.03',
    designFee_rate: '0.87',
  },
  declare: {
    technicalFee_rate: '0.05',
    operateFee_rate: '0.12',
    expertFee_rate: '0.03',
    designFee_rate: '0.85',
  },
};
