// 通知公告: notices to everyone, their rules and the read state behind the top bar's bell.
export * from './sys-notice.js';
export * from './sys-notice.repository.port.js';
export * from './sys-notice.use-case.js';
