// The logger writes one JSON object per line, drops lines under its level, redacts before writing, and
// never throws because a sink failed.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFileLogger,
  createLogger,
  createRedactor,
  REDACTED,
  registerSecret,
  type LogSink,
} from '../../src-main/logging/index.js';

function memorySink(): LogSink & { lines: string[]; entries(): Record<string, unknown>[] } {
  const lines: string[] = [];
  return {
    lines,
    write: (line) => void lines.push(line),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const fixedNow = () => new Date('2026-11-21T04:05:06.789Z');

describe('logger', () => {
  it('writes JSON lines with time, level, scope, message and fields', () => {
    const sink = memorySink();
    const logger = createLogger({ sinks: [sink], redactor: createRedactor(), now: fixedNow });
    logger.info('Outbox drained', { sent: 3, warehouse: 'WH-1' });
    expect(sink.lines).toEqual([
      '{"time":"2026-11-21T04:05:06.789Z","level":"info","scope":"main","message":"Outbox drained","sent":3,"warehouse":"WH-1"}\n',
    ]);
  });

  it('drops lines below its level', () => {
    const sink = memorySink();
    const logger = createLogger({ sinks: [sink], level: 'warn', redactor: createRedactor() });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(sink.entries().map((entry) => entry['level'])).toEqual(['warn', 'error']);
  });

  it('gives children their scope and bound fields, and keeps reserved names for itself', () => {
    const sink = memorySink();
    const logger = createLogger({ sinks: [sink], redactor: createRedactor(), now: fixedNow });
    logger
      .child('outbox', { profile: 'demo' })
      .warn('Parked', { level: 'fields cannot replace the level', id: 7 });
    expect(sink.entries()).toEqual([
      {
        time: '2026-11-21T04:05:06.789Z',
        level: 'warn',
        scope: 'outbox',
        message: 'Parked',
        profile: 'demo',
        'field.level': 'fields cannot replace the level',
        id: 7,
      },
    ]);
  });

  it('redacts registered secrets in messages, nested fields and errors before writing', () => {
    const sink = memorySink();
    const redactor = createRedactor();
    const logger = createLogger({ sinks: [sink], redactor });
    redactor.registerSecret('demo-secret-value');
    logger.error('Auth failed for demo-secret-value', {
      request: {
        url: 'http://127.0.0.1:1/v4/x?apikey=plain-key',
        body: { note: 'has demo-secret-value inside' },
      },
      error: new Error('server said demo-secret-value is wrong'),
      apisecret: 'not registered but named',
    });
    const [written] = sink.lines;
    expect(written).toBeDefined();
    expect(written).not.toContain('demo-secret-value');
    expect(written).not.toContain('plain-key');
    expect(written).not.toContain('not registered but named');
    const entry = JSON.parse(written ?? '{}') as Record<string, unknown>;
    expect(entry['message']).toBe(`Auth failed for ${REDACTED}`);
    expect((entry['error'] as Record<string, unknown>)['message']).toBe(`server said ${REDACTED} is wrong`);
  });

  it('uses the process-wide redactor by default, so registerSecret reaches every logger', () => {
    const sink = memorySink();
    const logger = createLogger({ sinks: [sink] });
    registerSecret('process-wide-secret-1');
    logger.info('value process-wide-secret-1');
    expect(sink.entries()[0]?.['message']).toBe(`value ${REDACTED}`);
  });

  it('survives a failing sink, reports it once on stderr, and still writes to the others', () => {
    const good = memorySink();
    const broken: LogSink = {
      write: () => {
        throw new Error('ENOSPC: no space left on device');
      },
    };
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const logger = createLogger({ sinks: [broken, good], redactor: createRedactor() });
      logger.info('one');
      logger.info('two');
      expect(good.lines).toHaveLength(2);
      expect(stderr).toHaveBeenCalledTimes(1);
      expect(String(stderr.mock.calls[0]?.[0])).toContain('ENOSPC');
    } finally {
      stderr.mockRestore();
    }
  });
});

describe('file logger', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'stockroom-file-log-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes stockroom.log in the folder, owner-only, redacted, and appends after a restart', () => {
    registerSecret('file-logger-secret');
    const first = createFileLogger({ directory });
    first.logger.info('first run with file-logger-secret');
    first.close();
    const second = createFileLogger({ directory });
    second.logger.debug('dropped at the default level');
    second.logger.warn('second run', { password: 'hunter2' });
    second.close();

    const path = join(directory, 'stockroom.log');
    const entries = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry['message'])).toEqual([`first run with ${REDACTED}`, 'second run']);
    expect(entries[1]?.['password']).toBe(REDACTED);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('rotates with the limits it is given', () => {
    const { logger, close } = createFileLogger({ directory, maxBytes: 300, maxFiles: 2 });
    for (let index = 0; index < 20; index++) logger.info('line', { index });
    close();
    expect(statSync(join(directory, 'stockroom.1.log')).size).toBeLessThanOrEqual(300);
    expect(statSync(join(directory, 'stockroom.log')).size).toBeLessThanOrEqual(300);
  });
});
