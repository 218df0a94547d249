export * from './permission.js';
