// Large exports made in the background (导出 with a progress bar), see export-job.ts.
export * from './export-job.js';
export * from './export-job.repository.port.js';
