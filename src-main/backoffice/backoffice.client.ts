// The v4 client: one undici Agent (keep-alive, bounded connections, connect/header/body timeouts), every
// endpoint of the shared table as a typed call, failures as classes the outbox switches on, and the
// store's daily request budget counted on every request that reached the server.
import { inspect } from 'node:util';
import { Agent } from 'undici';
import type { EndpointDef } from '../../src-shared/api/define.js';
import { endpoints, type EndpointName } from '../../src-shared/api/endpoints/index.js';
import type { CallArgsTuple, CallResult } from './call-types.js';
import { CredentialVault, type BackofficeCredentials } from './credential-vault.js';
import { classifyHttpStatus, classifyTransportError } from './failure-classification.js';
import { createFailure, LocalCode, type BackofficeFailure, type FailureKind } from './failure.js';
import { InMemoryRequestBudgetStore, RequestBudget } from './request-budget.js';
import { buildRequest, resolveBaseUrl, type BuiltRequest, type RawCallArgs } from './request-builder.js';
import { answerLimit, ERROR_BODY_BYTES, mebibytes } from './answer-limits.js';
import { readBounded, readHead, type BoundedRead } from './bounded-body.js';
import { decodeAnswer, quoteBody } from './response-decoder.js';
import { backoffDelay, defaultRetryPolicy, isRetryableRead, type RetryPolicy } from './retry-policy.js';

export interface BackofficeTimeouts {
  /** TCP (and TLS) connect; a timeout here means nothing was sent. */
  readonly connectMs: number;
  /** From the request written to the response headers; the server may have acted meanwhile. */
  readonly headersMs: number;
  /** Between body chunks of the answer. */
  readonly bodyMs: number;
}

export const defaultTimeouts: BackofficeTimeouts = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

/** One line per attempt for the app's log: never headers, bodies or credentials. */
export interface RequestEvent {
  readonly endpoint: string;
  readonly method: 'GET' | 'POST';
  readonly attempt: number;
  readonly durationMs: number;
  readonly outcome: 'ok' | FailureKind;
  readonly code?: string;
  readonly httpStatus?: number;
}

export interface BackofficeClientOptions {
  /** The profile's base address, with or without a trailing /v4. */
  readonly baseUrl: string;
  readonly credentials: BackofficeCredentials;
  /** Defaults to an in-memory budget keyed by the storename. */
  readonly budget?: RequestBudget;
  readonly timeouts?: Partial<BackofficeTimeouts>;
  /** Sockets per origin: the budget is shared by every PC, so a few are plenty. */
  readonly connections?: number;
  readonly keepAliveMs?: number;
  /** How reads retry; writes never do. */
  readonly retry?: Partial<RetryPolicy>;
  /** Check arguments against the row before sending (default true); off only to test the server's checks. */
  readonly validateRequests?: boolean;
  readonly onRequest?: (event: RequestEvent) => void;
  readonly now?: () => number;
}

type Attempt =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; failure: BackofficeFailure };

interface FailureInput {
  readonly code: string;
  readonly text: string;
  readonly sent: boolean;
  readonly httpStatus?: number;
  readonly path?: string;
}

export class BackofficeClient {
  /** The base address as used (without /v4); not secret. */
  readonly baseUrl: string;
  readonly budget: RequestBudget;
  readonly #vault: CredentialVault;
  readonly #base: URL;
  readonly #agent: Agent;
  readonly #retry: RetryPolicy;
  readonly #validate: boolean;
  readonly #onRequest: (event: RequestEvent) => void;
  readonly #now: () => number;
  #closed = false;

  constructor(options: BackofficeClientOptions) {
    this.#base = resolveBaseUrl(options.baseUrl);
    this.baseUrl = this.#base.href.replace(/\/$/, '');
    this.#vault = new CredentialVault(options.credentials);
    this.#now = options.now ?? Date.now;
    this.budget =
      options.budget ??
      new RequestBudget({
        store: new InMemoryRequestBudgetStore(),
        storeKey: this.#vault.storename,
        now: this.#now,
      });
    const timeouts = { ...defaultTimeouts, ...options.timeouts };
    this.#agent = new Agent({
      connections: options.connections ?? 4,
      pipelining: 1,
      keepAliveTimeout: options.keepAliveMs ?? 10_000,
      keepAliveMaxTimeout: 60_000,
      connect: { timeout: timeouts.connectMs },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
    });
    this.#retry = { ...defaultRetryPolicy, ...options.retry };
    this.#validate = options.validateRequests ?? true;
    this.#onRequest = options.onRequest ?? (() => {});
  }

  /**
   * Calls one endpoint of the table. Resolves with the validated answer; rejects with a
   * BackofficeFailure (see failure.ts). GET reads retry notSent/unclear failures with full-jitter
   * backoff; POST writes are sent exactly once.
   */
  call<N extends EndpointName>(name: N, ...args: CallArgsTuple<N>): Promise<CallResult<N>> {
    return this.#call(name, args, this.#retry.attempts);
  }

  /**
   * The same calls for reads a person waits on: while `knownUnreachable()` says the back office did
   * not answer lately, a read makes one attempt and fails at once with the failure it met, instead of
   * waiting out the backoff to learn the same thing. Asked once per call, before its first attempt:
   * that attempt's own failure must not cut the retries of a blip met while online.
   */
  failingFastWhile(knownUnreachable: () => boolean): Pick<BackofficeClient, 'call'> {
    return {
      call: <N extends EndpointName>(name: N, ...args: CallArgsTuple<N>): Promise<CallResult<N>> =>
        this.#call(name, args, knownUnreachable() ? 1 : this.#retry.attempts),
    };
  }

  async #call<N extends EndpointName>(
    name: N,
    args: CallArgsTuple<N>,
    readAttempts: number,
  ): Promise<CallResult<N>> {
    if (!Object.hasOwn(endpoints, name)) throw new TypeError(`Unknown v4 endpoint: ${String(name)}`);
    const row: EndpointDef = endpoints[name];
    const raw: RawCallArgs = args[0] ?? {};
    const built = buildRequest(row, this.#base, raw, this.#validate);
    if (!built.ok) {
      throw this.#failure('permanent', row, {
        code: LocalCode.invalidRequest,
        text: built.text,
        sent: false,
      });
    }
    const attempts = row.method === 'GET' ? Math.max(1, Math.floor(readAttempts)) : 1;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.#attempt(row, built.request, attempt);
      // The schema that produced the value is the row's own, so the answer has the row's type.
      if (outcome.ok) return outcome.value as CallResult<N>;
      outcome.failure.attempts = attempt;
      if (attempt >= attempts || !isRetryableRead(outcome.failure.kind)) throw outcome.failure;
      await this.#retry.sleep(backoffDelay(this.#retry, attempt));
    }
  }

  /** Closes the Agent's sockets; calls after this fail as notSent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#agent.close();
  }

  async #attempt(row: EndpointDef, request: BuiltRequest, attempt: number): Promise<Attempt> {
    const started = this.#now();
    const outcome = await this.#exchange(row, request);
    this.#report({
      endpoint: row.name,
      method: row.method,
      attempt,
      durationMs: this.#now() - started,
      outcome: outcome.ok ? 'ok' : outcome.failure.kind,
      ...(outcome.ok ? {} : { code: outcome.failure.code, ...definedStatus(outcome.failure.httpStatus) }),
    });
    return outcome;
  }

  async #exchange(row: EndpointDef, request: BuiltRequest): Promise<Attempt> {
    if (this.#closed) {
      const text = 'the client was closed';
      return this.#failed('notSent', row, { code: LocalCode.clientClosed, text, sent: false });
    }
    if (this.budget.snapshot().exhausted) {
      const text = `the store's request budget for today is spent (${this.budget.limit} a day)`;
      return this.#failed('quota', row, { code: LocalCode.budgetSpent, text, sent: false });
    }
    let status: number;
    let read: BoundedRead;
    const limit = answerLimit(row);
    try {
      const response = await this.#agent.request({
        origin: request.origin,
        path: request.path,
        method: request.method,
        headers: { ...request.headers, ...this.#vault.headers() },
        body: request.body,
      });
      status = response.statusCode;
      read =
        classifyHttpStatus(status) === undefined
          ? await readBounded(response.body, response.headers, limit)
          : { ok: true, text: await readHead(response.body, ERROR_BODY_BYTES) };
    } catch (error) {
      const verdict = classifyTransportError(error);
      const sent = verdict.kind === 'unclear';
      if (sent) this.budget.record();
      return this.#failed(verdict.kind, row, { code: verdict.code, text: verdict.text, sent });
    }
    this.budget.record();

    if (!read.ok) {
      const text = tooLargeText(row, limit, read.announced);
      return this.#failed('malformed', row, {
        code: LocalCode.answerTooLarge,
        text,
        sent: true,
        httpStatus: status,
      });
    }
    const httpKind = classifyHttpStatus(status);
    if (httpKind !== undefined) {
      const code = `HTTP ${status}`;
      return this.#failed(httpKind, row, {
        code,
        text: quoteBody(read.text),
        sent: true,
        httpStatus: status,
      });
    }
    const decoded = decodeAnswer(row, read.text);
    if (decoded.ok) return { ok: true, value: decoded.value };
    if (decoded.kind === 'quota') this.budget.markExhausted();
    return this.#failed(decoded.kind, row, {
      code: decoded.code,
      text: decoded.text,
      sent: true,
      httpStatus: status,
      ...(decoded.path === undefined ? {} : { path: decoded.path }),
    });
  }

  /** A failing log hook must not turn an applied write into an exception the outbox cannot read. */
  #report(event: RequestEvent): void {
    try {
      this.#onRequest(event);
    } catch {
      // Logging is best effort.
    }
  }

  #failed(kind: FailureKind, row: EndpointDef, input: FailureInput): Attempt {
    return { ok: false, failure: this.#failure(kind, row, input) };
  }

  /** Every failure is built here, so every text passes the redaction. */
  #failure(kind: FailureKind, row: EndpointDef, input: FailureInput): BackofficeFailure {
    return createFailure(
      kind,
      {
        endpoint: row.name,
        code: this.#vault.redact(input.code),
        text: this.#vault.redact(input.text),
        sent: input.sent,
        write: row.method === 'POST',
        ...definedStatus(input.httpStatus),
      },
      { idempotent: row.idempotent, path: this.#vault.redact(input.path ?? '') },
    );
  }

  toJSON(): Record<string, string> {
    return { client: 'BackofficeClient', baseUrl: this.baseUrl, storename: this.#vault.storename };
  }

  toString(): string {
    return `BackofficeClient(${this.baseUrl}, store ${this.#vault.storename})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

function tooLargeText(row: EndpointDef, limit: number, announced: number | undefined): string {
  const size = announced === undefined ? 'is larger' : `announces ${announced} bytes, more`;
  return `the answer ${size} than the ${mebibytes(limit)} a ${row.response.kind} answer may be; it was not read`;
}

function definedStatus(status: number | undefined): { httpStatus?: number } {
  return status === undefined ? {} : { httpStatus: status };
}

/**
 * What services, outbox kinds and the failure handling call the back office through: only `call`, so
 * the drainer can hand them a caller that checks its lease before every request (a drainer that lost
 * its lease sends nothing more) and tests can hand them a stub.
 */
export type BackofficeCaller = Pick<BackofficeClient, 'call'>;
