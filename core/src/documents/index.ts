export * from './contract-doc-type.js';
