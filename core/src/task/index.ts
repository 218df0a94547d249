export * from './task.js';
export * from './task-messages.js';
export * from './task-confirmation.js';
export * from './task-validation.js';
export * from './task-warnings.js';
export * from './task-pay.js';
export * from './task.repository.port.js';
export * from './task.use-case.js';
