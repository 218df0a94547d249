// The public surface of the domain core. Every rule the web and the server share is exported here.
export * from './shared/result.js';
export * from './money/index.js';
export * from './fees/index.js';
export * from './approval/index.js';
export * from './session/index.js';
export * from './navigation/index.js';
export * from './notify/index.js';
export * from './upload/index.js';
export * from './documents/index.js';
export * from './widgets/index.js';
export * from './platform/index.js';
export * from './identity/index.js';
export * from './contract/index.js';
export * from './joblog/index.js';
export * from './task/index.js';
export * from './fund/index.js';
