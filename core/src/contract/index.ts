export * from './contract.js';
export * from './contract-messages.js';
export * from './contract-validation.js';
export * from './contract-fees.js';
export * from './contract-rules.js';
export * from './contract.repository.port.js';
export * from './contract.use-case.js';
