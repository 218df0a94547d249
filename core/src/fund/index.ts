export * from './fund.js';
export * from './fund-messages.js';
export * from './fund-ledger.js';
export * from './fund-rules.js';
export * from './fund.repository.port.js';
export * from './fund.use-case.js';
export * from './loan-actions.js';
export * from './fund-input.js';
