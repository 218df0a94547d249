export * from './notify-response.js';
export * from './notify-polling.js';
export * from './notify-poller.js';
export * from './notify-dialog.js';
