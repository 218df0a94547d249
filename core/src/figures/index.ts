export * from './contract-figures.js';
