export * from './permission.js';
export * from './action-actor.js';
export * from './session-messages.js';
export * from './session-state.js';
export * from './access-guard.js';
export * from './navigation-guard.use-case.js';
export * from './role-switch.js';
export * from './switch-role.use-case.js';
