// Logging for the main process (plain Node, no electron): JSON lines in a rotating file in the user-data
// folder, secrets redacted before anything is written.
import { createLogger, type LogLevel, type Logger, type LogSink } from './logger.js';
import { createRotatingFile, type RotatingFileOptions } from './rotating-file.js';

export {
  createLogger,
  isLogLevel,
  LOG_LEVELS,
  registerSecret,
  sharedRedactor,
  silentLogger,
  type LogFields,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  type LogSink,
} from './logger.js';
export { createRedactor, isSecretKey, MIN_SECRET_LENGTH, REDACTED, type Redactor } from './redaction.js';
export { maskPersonalData, passesThaiTaxIdCheck } from './personal-data.js';
export {
  createRotatingFile,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_FILES,
  type RotatingFile,
  type RotatingFileOptions,
} from './rotating-file.js';

export const LOG_FILE_BASE_NAME = 'stockroom';

export interface FileLoggerOptions extends Partial<Pick<RotatingFileOptions, 'maxBytes' | 'maxFiles'>> {
  directory: string;
  level?: LogLevel;
  /** Also write every line to stderr (development). */
  mirrorToStderr?: boolean;
}

export interface FileLogger {
  logger: Logger;
  /** Closes the file; a later line reopens it. */
  close(): void;
}

/** The app's logger: `<directory>/stockroom.log`, rotated at 5 MiB, 5 files kept. */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const file = createRotatingFile({
    directory: options.directory,
    baseName: LOG_FILE_BASE_NAME,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.maxFiles === undefined ? {} : { maxFiles: options.maxFiles }),
  });
  const sinks: LogSink[] = [file];
  if (options.mirrorToStderr === true) sinks.push({ write: (line) => process.stderr.write(line) });
  const logger = createLogger({ sinks, level: options.level ?? 'info', scope: 'main' });
  return { logger, close: () => file.close() };
}
