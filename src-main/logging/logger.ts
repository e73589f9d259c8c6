// JSON-lines logger: one object per line, `{ time, level, scope, message, ...fields }`, every string
// passed through the redactor before anything is written. A sink that fails (disk full, folder gone) is
// reported once on stderr and the app carries on: logging never takes the app down.
import { createRedactor, type Redactor } from './redaction.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger writing to the same sinks under another scope, with fields added to every line. */
  child(scope: string, fields?: LogFields): Logger;
}

/** Where lines go: a rotating file, stderr in development, an array in tests. */
export interface LogSink {
  write(line: string): void;
}

export interface LoggerOptions {
  sinks: readonly LogSink[];
  /** Lines below this level are dropped ('info'). */
  level?: LogLevel;
  scope?: string;
  /** The process-wide redactor unless given (tests pass their own). */
  redactor?: Redactor;
  now?: () => Date;
}

/** One redactor for the whole main process: a secret registered anywhere is hidden everywhere. */
export const sharedRedactor: Redactor = createRedactor();

/** Registers a secret value (API key, API secret, password) so no log line ever contains it. */
export function registerSecret(value: string): void {
  sharedRedactor.registerSecret(value);
}

const RESERVED = new Set(['time', 'level', 'scope', 'message']);

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

export function createLogger(options: LoggerOptions): Logger {
  const redactor = options.redactor ?? sharedRedactor;
  const now = options.now ?? (() => new Date());
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const failedSinks = new WeakSet<LogSink>();

  function emit(line: string): void {
    for (const sink of options.sinks) {
      try {
        sink.write(line);
      } catch (error) {
        if (failedSinks.has(sink)) continue;
        failedSinks.add(sink);
        const reason = redactor.redactText(error instanceof Error ? error.message : String(error));
        process.stderr.write(`Stockroom: a log sink failed and lines may be lost: ${reason}\n`);
      }
    }
  }

  function make(scope: string, bound: LogFields): Logger {
    function log(level: LogLevel, message: string, fields?: LogFields): void {
      if (LOG_LEVELS.indexOf(level) < threshold) return;
      const entry: Record<string, unknown> = {
        time: now().toISOString(),
        level,
        scope,
        message: redactor.redactText(String(message)),
      };
      const extra = redactor.redactValue({ ...bound, ...fields }) as Record<string, unknown>;
      for (const [key, value] of Object.entries(extra)) {
        if (value === undefined) continue;
        entry[RESERVED.has(key) ? `field.${key}` : key] = value;
      }
      emit(`${JSON.stringify(entry)}\n`);
    }
    return {
      debug: (message, fields) => log('debug', message, fields),
      info: (message, fields) => log('info', message, fields),
      warn: (message, fields) => log('warn', message, fields),
      error: (message, fields) => log('error', message, fields),
      child: (childScope, fields) => make(childScope, { ...bound, ...fields }),
    };
  }

  return make(options.scope ?? 'main', {});
}

/** A logger that drops everything (for code paths given no logger, and for tests that ignore logs). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};
