import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
} from 'axios';
import { isApiAddress } from './api-address.js';
import { ApiError, type FieldError } from './api-error.js';
import { IDEMPOTENCY_HEADER, LostWrites } from './idempotency-key.js';
import {
  MESSAGES,
  TRANSPORT_ERROR_DISPLAY_MS,
  httpStatusMessage,
  transportMessage,
} from './messages.js';
import { serializeParams } from './params.js';
import type { HttpUserInterface, TokenStore } from './ports.js';
import { REAL_STATUSES, STATUS_HEADER, isGetWrite } from '@dpms/wire';

/** The RuoYi envelope: `{code, msg, ...}` with the payload beside it. */
export interface Envelope {
  code: number;
  msg?: string;
  [key: string]: unknown;
}

export interface CallOptions {
  /** Query parameters (any method). */
  params?: Record<string, unknown>;
  /** Send no bearer token (login, captcha). */
  anonymous?: boolean;
  /** A 401 rejects without the re-login confirm (the login form reports it itself). */
  noReloginPrompt?: boolean;
  /** Transport failures reject without the 5 s message and the logout. */
  quiet?: boolean;
  /**
   * Extra request headers. An `Idempotency-Key` given here wins over the one the client makes
   * (a screen keeping one key per user action across its retries).
   */
  headers?: Record<string, string>;
}

/** What a gateway's write takes from its screen: the user action's Idempotency-Key. */
export interface WriteOptions {
  readonly idempotencyKey?: string;
}

/** The call options that send a screen's key (none: the client makes one). */
export const keyed = (options?: WriteOptions): CallOptions =>
  options?.idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: options.idempotencyKey } } : {};

export interface HttpClientOptions {
  tokens: TokenStore;
  ui: HttpUserInterface;
  baseURL?: string;
  timeoutMs?: number;
  /** Replaces axios' transport (tests). */
  adapter?: AxiosAdapter;
  /** Runs `fn` after `ms`; the logout after a transport error waits for its message. */
  schedule?: (fn: () => void, ms: number) => void;
}

export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT_MS = 300000;
export const TRANSPORT_MESSAGE_MS = TRANSPORT_ERROR_DISPLAY_MS;

const isEnvelope = (data: unknown): data is Envelope =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { code?: unknown }).code === 'number';

const WRITES = new Set(['post', 'put', 'delete', 'patch']);

/**
 * The one HTTP client of the web: base path, bearer token, timeout, GET parameter serialisation
 * and the error catalogue (000 §8). Every failure rejects with an {@link ApiError}. Every write
 * (POST, PUT, DELETE) carries an `Idempotency-Key`: the caller's, else a fresh one, else, when
 * the same request's answer was lost (timeout, network), that request's key again, so its retry
 * is applied once (see {@link LostWrites}).
 */
export class HttpClient {
  private readonly axios: AxiosInstance;
  private reloginShowing = false;
  private readonly lostWrites = new LostWrites();
  private readonly schedule: (fn: () => void, ms: number) => void;

  constructor(private readonly options: HttpClientOptions) {
    this.schedule = options.schedule ?? ((fn, ms) => void setTimeout(fn, ms));
    this.axios = axios.create({
      baseURL: options.baseURL ?? API_BASE,
      timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      // Real HTTP statuses for errors (the API answers RuoYi's 200 envelope to anyone who
      // does not ask); the code in the body is the same either way.
      headers: {
        'Content-Type': 'application/json;charset=utf-8',
        [STATUS_HEADER]: REAL_STATUSES,
      },
      paramsSerializer: { serialize: (params: Record<string, unknown>) => serializeParams(params) },
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
  }

  get<T extends object = Envelope>(url: string, options: CallOptions = {}): Promise<T & Envelope> {
    return this.call<T>({ method: 'get', url }, options);
  }

  post<T extends object = Envelope>(
    url: string,
    data?: unknown,
    options: CallOptions = {},
  ): Promise<T & Envelope> {
    return this.call<T>({ method: 'post', url, data }, options);
  }

  put<T extends object = Envelope>(
    url: string,
    data?: unknown,
    options: CallOptions = {},
  ): Promise<T & Envelope> {
    return this.call<T>({ method: 'put', url, data }, options);
  }

  delete<T extends object = Envelope>(
    url: string,
    options: CallOptions = {},
  ): Promise<T & Envelope> {
    return this.call<T>({ method: 'delete', url }, options);
  }

  private async call<T extends object>(
    config: AxiosRequestConfig,
    options: CallOptions,
  ): Promise<T & Envelope> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.anonymous ? undefined : this.options.tokens.get();
    // The token goes to the API's own routes only, wherever the URL came from.
    const address = this.axios.getUri({ url: config.url });
    if (token && isApiAddress(address, this.axios.defaults.baseURL ?? API_BASE)) {
      headers['Authorization'] = `Bearer ${token}`;
    }
    // The default JSON content type would make axios turn a FormData body into JSON; naming
    // multipart lets axios (or the browser) write it with its boundary.
    if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
      headers['Content-Type'] ??= 'multipart/form-data';
    }
    let write: { request: string | undefined; key: string } | undefined;
    const method = (config.method ?? 'get').toLowerCase();
    // The writes the spec sends as GET (deleteById, convertBy…) are keyed like a POST.
    if (WRITES.has(method) || (method === 'get' && isGetWrite(config.url ?? ''))) {
      const given = Object.keys(headers).find((h) => h.toLowerCase() === 'idempotency-key');
      if (given === undefined) {
        const request = LostWrites.requestOf(method, config.url ?? '', options.params, config.data);
        write = { request, key: this.lostWrites.keyFor(request) };
        headers[IDEMPOTENCY_HEADER] = write.key;
      }
    }
    let response: AxiosResponse<unknown>;
    try {
      response = await this.axios.request({ ...config, params: options.params, headers });
    } catch (error) {
      const data: unknown = axios.isAxiosError(error)
        ? (error.response?.data as unknown)
        : undefined;
      if (isEnvelope(data)) {
        if (write) this.lostWrites.answered(write.request);
        return this.fromEnvelope<T>(data, options);
      }
      // No answer: the server may or may not have applied the write; its retry keeps the key.
      if (write) this.lostWrites.lost(write.request, write.key);
      throw this.transportFailure(error, options);
    }
    if (write) this.lostWrites.answered(write.request);
    const data = response.data;
    if (!isEnvelope(data)) {
      // A body with no code is a success the server answered plainly (RuoYi reads code || 200).
      return { code: 200, data } as unknown as T & Envelope;
    }
    return this.fromEnvelope<T>(data, options);
  }

  private fromEnvelope<T extends object>(data: Envelope, options: CallOptions): T & Envelope {
    if (data.code === 200) return data as T & Envelope;
    const message = data.msg || httpStatusMessage(data.code);
    const errorCode =
      typeof data['errorCode'] === 'string' ? data['errorCode'] : `HTTP.${data.code}`;
    const field = typeof data['field'] === 'string' ? data['field'] : undefined;
    const errors = Array.isArray(data['errors'])
      ? (data['errors'] as unknown[]).filter(
          (e): e is FieldError =>
            typeof e === 'object' &&
            e !== null &&
            typeof (e as FieldError).field === 'string' &&
            typeof (e as FieldError).message === 'string',
        )
      : [];
    if (data.code === 401 && !options.noReloginPrompt) {
      this.promptRelogin();
      throw new ApiError('SESSION.EXPIRED', MESSAGES.invalidSession, 401);
    }
    throw new ApiError(errorCode, message, data.code, false, field, errors);
  }

  /** The one-at-a-time re-login confirm: a second 401 while it shows adds nothing. */
  private promptRelogin(): void {
    if (this.reloginShowing) return;
    this.reloginShowing = true;
    void this.options.ui
      .confirm({
        title: MESSAGES.sessionExpiredTitle,
        message: MESSAGES.sessionExpired,
        confirmText: MESSAGES.relogin,
        cancelText: MESSAGES.cancel,
      })
      .then(async (relogin) => {
        if (relogin) await this.options.ui.logout();
      })
      .finally(() => {
        this.reloginShowing = false;
      });
  }

  private transportFailure(error: unknown, options: CallOptions): ApiError {
    const raw = error instanceof Error ? error.message : undefined;
    const message = transportMessage(raw);
    const status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0;
    if (!options.quiet) {
      this.options.ui.error(message, TRANSPORT_MESSAGE_MS);
      this.schedule(() => void this.options.ui.logout(), TRANSPORT_MESSAGE_MS);
    }
    return new ApiError(status === 0 ? 'HTTP.TRANSPORT' : `HTTP.${status}`, message, status, true);
  }
}
