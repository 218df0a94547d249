/**
 * The contract aggregate over SQL, one module per part: the contract table (its repository and
 * row mapping), the use cases' other ports, contract changes (28_1) and the linked-record handler.
 */
export * from './sql-contract-table.js';
export * from './sql-contract-ports.js';
export * from './sql-contract-change.repository.js';
export * from './sql-contract-records.js';
