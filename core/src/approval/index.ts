export * from './approval-status.js';
export * from './approval-messages.js';
export * from './approval-state-machine.js';
export * from './approval-type-catalogue.js';
