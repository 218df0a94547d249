export * from './fee-messages.js';
export * from './fee-rates.js';
export * from './fee-split.js';
export * from './closing-fees.js';
export * from './net-pay.js';
export * from './fee-tips.js';
export * from './fee-rates-text.js';
