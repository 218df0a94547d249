export * from './event-bus.js';
export * from './session-store.js';
export * from './timer-scheduler.js';
