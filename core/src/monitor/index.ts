// 服务监控: the server's figures as RuoYi computes them.
export * from './server-figures.js';
export * from './database-figures.port.js';
