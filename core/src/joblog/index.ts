// The scheduling log (调度日志, /job/log): one entry per run of a background job.
export * from './cron-expression.js';
export * from './job-log.js';
export * from './job-log.repository.port.js';
export * from './job-runner.use-case.js';
export * from './job-schedule.js';
export * from './job-state.repository.port.js';
export * from './cron-next-times.js';
export * from './edit-job-schedule.use-case.js';
export * from './quartz-cron.js';
