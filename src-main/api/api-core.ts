// The one entry to main's services for the page, whatever carries the call: Electron IPC
// (src-main/ipc/register.ts) or the web host's WebSocket (src-main/host). For every call: the name must
// be in the contract, the arguments are parsed with the contract's schema BEFORE any handler runs, the
// handler's value is parsed with the result schema (so only the schema's fields leave main: no secret or
// internal field can ride along), and every failure becomes `{ ok: false, error }` with a message meant
// for people. Nothing here throws and nothing here knows Electron.
import {
  callContract,
  ipcErrorSchema,
  ipcFail,
  ipcOk,
  isCallName,
  type CallName,
  type CallSpec,
  type CallValue,
  type EventName,
  type IpcIssue,
  type IpcResult,
  type ParsedCallArgs,
} from '../../src-shared/ipc/index.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import { silentLogger, type Logger } from '../logging/index.js';
import { toIpcFailure } from './api-errors.js';

/** Which transport a call came through; only for the log. */
export type CallOrigin = 'ipc' | 'web';

export type ApiEventListener = (name: EventName, payload: unknown) => void;

export interface ApiCore {
  call(name: string, args: unknown, origin: CallOrigin): Promise<IpcResult<unknown>>;
  /** Every event main pushes, already checked against the event contract; returns the unsubscribe. */
  subscribe(listener: ApiEventListener): () => void;
}

/** One handler per call name: a missing one is a compile error where the map is built. */
export type CallHandlers = {
  readonly [N in CallName]: (args: ParsedCallArgs<N>) => CallValue<N> | Promise<CallValue<N>>;
};

export interface ApiEventSource {
  subscribe(listener: ApiEventListener): () => void;
}

export interface ApiCoreOptions {
  readonly handlers: CallHandlers;
  readonly events: ApiEventSource;
  readonly logger?: Logger;
  /**
   * A refusal whose reason its call does not list is always logged (warn) and sent without the reason.
   * 'fail-run' also throws outside the call, so no test's catch hides it and the run fails: the default
   * under vitest, so every test that goes through this edge checks the lists. 'log' otherwise.
   */
  readonly unlistedReason?: 'log' | 'fail-run';
}

const MAX_ISSUES = 20;

/** A call refuses with the reasons its contract entry lists, and no other (CallReason says the same). */
function reasonAllowed(spec: CallSpec, reason: string | undefined): boolean {
  return reason === undefined || (spec.reasons ?? []).some((own) => own === reason);
}

function failTheTestRun(name: string, reason: string | undefined): void {
  setImmediate(() => {
    throw new Error(
      `${name} refused with reason ${String(reason)}, which its contract entry does not list ` +
        "(src-shared/ipc/schemas: add it to the call's reasons, or refuse without it)",
    );
  });
}

/** A transport may hand over anything as the name (a null-prototype object has no String()). */
function nameForLog(name: unknown): string {
  return typeof name === 'string' ? name.slice(0, 80) : `(${typeof name})`;
}

export function createApiCore(options: ApiCoreOptions): ApiCore {
  const logger = options.logger ?? silentLogger;
  const handlers = options.handlers;
  const failRun =
    (options.unlistedReason ?? (process.env['VITEST'] === undefined ? 'log' : 'fail-run')) === 'fail-run';

  async function call(name: string, args: unknown, origin: CallOrigin): Promise<IpcResult<unknown>> {
    const started = performance.now();
    let result: IpcResult<unknown>;
    try {
      result = isCallName(name)
        ? await run(name, args)
        : ipcFail('unknown-call', `There is no call named ${JSON.stringify(nameForLog(name))}.`);
    } catch (error) {
      // run() catches what handlers throw; this is the net under a failure of the net itself.
      logger.error('A call failed outside its handler', { call: nameForLog(name), origin, error });
      result = ipcFail('internal', 'Something went wrong in Stockroom; the details are in the log.');
    }
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // Arguments are never logged: profiles.add carries an API key and secret.
    if (result.ok) logger.debug('Call', { call: name, origin, ms });
    else logger.info('Call refused', { call: nameForLog(name), origin, ms, code: result.error.code });
    return result;
  }

  async function run<N extends CallName>(name: N, args: unknown): Promise<IpcResult<unknown>> {
    const spec = callContract[name];
    const parsed = parseUntrusted(spec.args, args);
    if (!parsed.success) {
      const issues: IpcIssue[] = parsed.error.issues
        .slice(0, MAX_ISSUES)
        .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
      const first = issues[0];
      const where = first === undefined || first.path === '' ? '' : ` (${first.path}: ${first.message})`;
      return ipcFail('invalid-arguments', `The arguments of ${name} are not valid${where}.`, { issues });
    }
    const handler = handlers[name] as (args: unknown) => unknown;
    let value: unknown;
    try {
      value = await handler(parsed.data);
    } catch (error) {
      const failure = toIpcFailure(error);
      if (failure.error.code === 'internal') logger.error('A call failed', { call: name, error });
      // A refusal is checked on the way out like a value: a reason outside the one vocabulary is a bug
      // (a cast) and leaves as internal.
      else if (!ipcErrorSchema.safeParse(failure.error).success) {
        logger.error('A call refused with a reason outside the contract', { call: name, error });
        return ipcFail('internal', 'Something went wrong in Stockroom; the details are in the log.');
      } else if (!reasonAllowed(spec, failure.error.reason)) {
        // A word of the vocabulary this call does not list: its list is short of it. The refusal is
        // still true, so it goes out with its code, words and fields, without the reason the page
        // cannot expect.
        const reason = failure.error.reason;
        logger.warn('A call refused with a reason its contract does not list', { call: name, reason });
        if (failRun) failTheTestRun(name, reason);
        const { reason: _unlisted, ...rest } = failure.error;
        return { ok: false, error: rest };
      }
      return failure;
    }
    const checked = spec.result.safeParse(value);
    if (!checked.success) {
      logger.error('A call returned a value outside its contract', {
        call: name,
        issues: checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return ipcFail('internal', 'Something went wrong in Stockroom; the details are in the log.');
    }
    return ipcOk(checked.data);
  }

  return { call, subscribe: (listener) => options.events.subscribe(listener) };
}
