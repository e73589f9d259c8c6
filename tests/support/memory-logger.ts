// The app's real logger writing JSON lines to memory, for tests that read what a day's log would say.
import { createLogger, createRedactor, type LogSink } from '../../src-main/logging/index.js';

export type LogEntry = Record<string, unknown> & { level: string; message: string };

export function memoryLogger() {
  const lines: string[] = [];
  const sink: LogSink = { write: (line) => void lines.push(line) };
  return {
    logger: createLogger({ sinks: [sink], level: 'debug', redactor: createRedactor() }),
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
  };
}
