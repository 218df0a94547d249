export * from './closing.js';
export * from './closing-messages.js';
export * from './closing-rules.js';
export * from './closing.repository.port.js';
export {
  ClosingService,
  closingApprovalContent,
  moveClosingOnApproval,
  type ClosingContractInfo,
} from './closing.use-case.js';
