import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { HttpClient } from '../client.js';

/**
 * For gateway tests: an HttpClient whose every request is recorded in `seen` and answered with
 * status 200 and the body `answer` gives for it, so a test reads what the gateway sent and how it
 * read the answer. Not exported from the package.
 */
export function recordingHttp(answer: (config: InternalAxiosRequestConfig) => unknown): {
  http: HttpClient;
  seen: InternalAxiosRequestConfig[];
} {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return Promise.resolve({
      status: 200,
      statusText: '',
      headers: {},
      config,
      data: answer(config),
    });
  };
  const http = new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: () => Promise.resolve(false), error: () => undefined, logout: () => undefined },
    adapter,
  });
  return { http, seen };
}
