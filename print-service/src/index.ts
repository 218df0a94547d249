export { createPrintApp, type PrintAppOptions } from './app.js';
export { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH, launchChromium } from './chromium.js';
export {
  DEFAULT_BODY_LIMIT,
  DEFAULT_PRINT_PORT,
  printConfigFromEnv,
  type PrintServiceConfig,
} from './config.js';
export { printMessages, REQUIRED_DEBIAN_PACKAGES } from './messages.js';
export { PrintError, type PrintErrorCode } from './print-errors.js';
export { PrintPool, type PrintPoolOptions, type PrintPoolStatus } from './print-pool.js';
export { checkPrerequisites, REQUIRED_FONTS, type RequiredFont } from './prerequisites.js';
export {
  startPrintService,
  type PrintLog,
  type PrintServiceExtras,
  type RunningPrintService,
} from './service.js';
export { defaultWebDir, PRINT_PAGE } from './web-dir.js';
