export * from './closing.js';
export * from './closing-messages.js';
export * from './closing-rules.js';
export * from './closing-actions.js';
export * from './closing.repository.port.js';
export {
  ClosingService,
  closingApprovalContent,
  moveClosingOnApproval,
  type ClosingContractInfo,
} from './closing.use-case.js';
export * from './finish.js';
export * from './finish-messages.js';
export * from './finish-rules.js';
export * from './finish-actions.js';
export * from './finish.repository.port.js';
export { FinishService, type FinishOverview } from './finish.use-case.js';
export * from './closing-centre-form.js';
export * from './closing-approval-records.js';
