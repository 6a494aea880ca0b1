import type { ApiErrorCode } from '@greencart/shared';
import { toast } from './toast';
import { env } from '../config/env';

/** Failures the browser names itself: no answer at all, or an answer that is not the shop's error body. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';

/** A failed call: the server's `{ success: false, message, code, issues? }`, or a network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | ClientErrorCode,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The refusal as a person reads it: a refused field's message as its form shows it, without its API name (`code: …`). */
  get shown(): string {
    return this.issues[0]?.message ?? this.message;
  }
}

export interface RequestOptions {
  /** Do not toast the failure (spec section 8's silent cases: auth checks, My Orders load). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Let the browser finish the call after the page is gone (a last cart save on leaving). */
  keepalive?: boolean;
  /** Whose session the call needs, for a 401 (default: the shopper's). */
  session?: SessionKind;
  /**
   * The answer is NDJSON (one JSON value a line, e.g. the catalogue import's progress): each line is
   * handed over as it arrives. A refusal still comes back as an ApiError.
   */
  onLine?: (line: unknown) => void;
}

export type SessionKind = 'user' | 'seller';

/**
 * The one place a 401 NOT_AUTHENTICATED is handled (a refused password is INVALID_CREDENTIALS): the
 * session ended mid-visit (cookie expired or cleared). The handler (lib/session.ts) forgets the user
 * and asks to log in, and answers true when it did, so the server's own message is not toasted as
 * well. Visitors' auth checks get a 401 too: it answers false.
 */
let unauthorizedHandler: ((session: SessionKind) => boolean) | undefined;
export function onUnauthorized(handler: (session: SessionKind) => boolean) {
  unauthorizedHandler = handler;
}

type Body = Record<string, unknown> | FormData;

/**
 * The one API client (spec section 7): same-origin calls with credentials; an answer with
 * `success: false` or a failed request becomes an ApiError whose message is toasted once, here. A refusal
 * naming fields (`issues`) toasts its first field's message as the form shows it under the field, without the
 * field's API name that the answer's `message` starts with for other clients (`shopName: A shop named …`).
 */
async function request<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: Body, options: RequestOptions = {}): Promise<T> {
  try {
    const isForm = body instanceof FormData;
    let response: Response;
    try {
      response = await fetch(`${env.apiUrl}${path}`, {
        method,
        credentials: 'include',
        headers: body && !isForm ? { 'content-type': 'application/json' } : undefined,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: options.signal,
        keepalive: options.keepalive,
      });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError('Network error: check your connection and try again.', 0, 'NETWORK_ERROR');
    }
    if (options.onLine && response.ok && response.body) {
      // Only the seller's import reads lines: the reader comes with its first answer, out of every first load.
      await (await import('./read-lines')).readLines(response.body, options.onLine);
      return undefined as T;
    }
    const json = (await response.json().catch(() => undefined)) as (T & { success?: boolean; message?: string; code?: ApiErrorCode; issues?: ApiError['issues'] }) | undefined;
    if (!response.ok || !json || json.success === false) {
      throw new ApiError(json?.message || `Request failed (${response.status})`, response.status, json?.code ?? 'HTTP_ERROR', json?.issues);
    }
    return json;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && err.code === 'NOT_AUTHENTICATED' && unauthorizedHandler?.(options.session ?? 'user')) throw err;
    if (!options.silent && err instanceof ApiError) toast.error(err.shown);
    throw err;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body: Body, options?: RequestOptions) => request<T>('PUT', path, body, options),
};
