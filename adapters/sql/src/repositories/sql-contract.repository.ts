/**
 * The contract aggregate over SQL, one module per part: the contract table (its repository and
 * row mapping), the use cases' other ports, and contract changes (28_1);
 * the linked-record handlers are core's (contract-approval-records.ts).
 */
export * from './sql-contract-table.js';
export * from './sql-contract-ports.js';
export * from './sql-contract-change.repository.js';
