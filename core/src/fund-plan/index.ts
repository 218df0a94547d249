export * from './fund-plan.js';
export * from './fund-plan-messages.js';
export * from './fund-plan-rules.js';
export * from './fund-plan-input.js';
export * from './fund-plan.repository.port.js';
export * from './fund-plan.use-case.js';
export * from './fund-plan-actions.js';
export * from './fund-plan-approval.js';
