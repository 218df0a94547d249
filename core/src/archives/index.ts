export * from './archive-borrow.js';
export * from './archives.js';
export * from './archives.repository.port.js';
export * from './archives.use-case.js';
export * from './archive-actions.js';
export * from './archive-borrow-centre-form.js';
export * from './archive-approval-records.js';
