// Logs of the system: sign-ins (登录日志), writes (操作日志) and who is signed in (在线用户).
export * from './system-log.js';
export * from './user-agent.js';
export * from './online-session.js';
export * from './system-log.repository.port.js';
