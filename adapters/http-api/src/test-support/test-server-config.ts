import { DEFAULT_JSON_LIMIT, type ServerConfig } from '../composition/server-config.js';

/** The server configuration every in-process test API is built with: demo mode, no web, no port. */
export const testServerConfig = (dataDir: string, production = false): ServerConfig => ({
  port: 0,
  dataDir,
  databaseUrl: undefined,
  production,
  jsonLimitBytes: DEFAULT_JSON_LIMIT,
  webDir: undefined,
  domainURL: 'http://localhost:8080',
});
