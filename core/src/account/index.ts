export * from './account.js';
export * from './account-messages.js';
export * from './account-rules.js';
export * from './account.repository.port.js';
export * from './account.use-case.js';
export * from './invoice-actions.js';
