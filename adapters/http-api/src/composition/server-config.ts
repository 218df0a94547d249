/** What main reads from the environment, typed once. */
export interface ServerConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly production: boolean;
  /** Body limit of JSON requests, in bytes. */
  readonly jsonLimitBytes: number;
  /** Directory of the built web (served at `/`), when there is one. */
  readonly webDir: string | undefined;
  /** The public base URL answered as getInfo's domainURL; derived from the request when absent. */
  readonly domainURL: string | undefined;
  /** Express `trust proxy` (TRUST_PROXY): which proxies' X-Forwarded-For to believe. */
  readonly trustProxy?: string;
  /** Serve /openapi.json and /docs (API_DOCS=1 or 0); by default in demo mode, not in production. */
  readonly apiDocs?: boolean;
}

export const DEFAULT_JSON_LIMIT = 1024 * 1024;
