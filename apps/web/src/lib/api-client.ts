import { problem, type ErrorCode, type Problem } from '@pantau/contracts';
import type { z } from 'zod';
import { toQueryString, type Query } from './query-string';

export const API_BASE = '/api';
/** Long request timeout (spec §9). */
export const LONG_REQUEST_TIMEOUT_MS = 50_000;

/** A failed call: the problem+json body turned into a typed error (spec §8: failures reach the caller). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE' | string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Problem['errors'];

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    errors?: Problem['errors'];
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A code for an answer without a problem body (e.g. a proxy's 502 while the server is down). */
function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 502 || status === 503 || status === 504) return 'NETWORK';
  if (status >= 500) return 'INTERNAL';
  return `HTTP_${status}`;
}

/** Turns any failed answer into an ApiError; a body that is not problem+json still gives status and text. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = problem.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data);
  return new ApiError({
    status: response.status,
    code: fallbackCode(response.status),
    title: response.statusText || `HTTP ${response.status}`,
  });
}

type UnauthenticatedHandler = (error: ApiError) => void;
let onUnauthenticated: UnauthenticatedHandler | undefined;
/** The app registers what to do when an authenticated call answers 401 (log out). */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | undefined): void {
  onUnauthenticated = handler;
}

interface RequestOptions<T> {
  query?: Query;
  body?: unknown;
  /** Validates the answer with a contract schema. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

interface InternalOptions<T> extends RequestOptions<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  authenticated: boolean;
  arrays?: 'repeat' | 'comma';
}

async function request<T>(path: string, options: InternalOptions<T>): Promise<T> {
  const url = `${API_BASE}/${path.replace(/^\//, '')}${toQueryString(options.query, options.arrays)}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    // The token is an HttpOnly cookie: the browser sends it (and the role cookies) with every call.
    response = await fetch(url, {
      method: options.method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
    throw new ApiError({
      status: 0,
      code: timedOut ? 'TIMEOUT' : 'NETWORK',
      title: timedOut ? 'Timeout' : 'Network error',
      detail: cause instanceof Error ? cause.message : undefined,
    });
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (options.authenticated && response.status === 401) onUnauthenticated?.(error);
    throw error;
  }
  if (response.status === 204 || response.status === 202) {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const data: unknown = await response.json();
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'BAD_RESPONSE',
      title: 'Unexpected answer',
      detail: parsed.error.message,
    });
  }
  return parsed.data;
}

/** The HTTP helpers of spec §7 (S-061). "Authenticated" calls log the user out when they answer 401. */
export const api = {
  get: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'GET', authenticated: false }),
  getAuth: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'GET', authenticated: true }),
  /** Authenticated get with array-style query serialisation: `a=1&a=2`. */
  getAuthArray: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'GET', authenticated: true, arrays: 'repeat' }),
  /** Authenticated get that gives up after 50000 ms. */
  getAuthLong: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, {
      ...o,
      method: 'GET',
      authenticated: true,
      signal: o.signal
        ? AbortSignal.any([o.signal, AbortSignal.timeout(LONG_REQUEST_TIMEOUT_MS)])
        : AbortSignal.timeout(LONG_REQUEST_TIMEOUT_MS),
    }),
  post: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'POST', authenticated: false }),
  postAuth: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'POST', authenticated: true }),
  put: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'PUT', authenticated: true }),
  delete: <T>(path: string, o: RequestOptions<T> = {}) =>
    request(path, { ...o, method: 'DELETE', authenticated: true }),
};
