// Imported first by main.ts, so that an error nobody caught is logged from the first line of
// start-up on, through the same pino logger settings as the server's (process-guard.ts says what
// happens next).
import { createLogger } from './http/logger.js';
import { installProcessGuard } from './process-guard.js';

installProcessGuard(createLogger((process.env['LOG_LEVEL'] as 'info' | undefined) ?? 'info'));
