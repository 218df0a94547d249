export * from './fund-pay.js';
export * from './fund-pay-messages.js';
export * from './fund-pay-rules.js';
export * from './fund-pay.repository.port.js';
export * from './fund-pay.use-case.js';
export * from './fund-pay-actions.js';
export * from './fund-pay-input.js';
export * from './fund-pay-approval.js';
