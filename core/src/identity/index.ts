// Identity rules shared by the server and the web: login throttling, session expiry, the role a
// login or a role change acts in, and the password policy.
export * from './login-throttle.js';
export * from './session-expiry.js';
export * from './login-role.js';
export * from './password-policy.js';
