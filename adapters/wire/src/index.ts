export * from './envelope.js';
export * from './primitives.js';
export * from './paging.js';
export * from './files.js';
export * from './contract.js';
export { requiredContractFields } from '@dpms/core';
export * from './canonical-json.js';
export * from './lixiang.js';
export * from './sub-contract.js';
