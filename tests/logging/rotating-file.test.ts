// The log file rotates by size, keeps a bounded number of files, never splits a line, and carries on
// across restarts and across a rotation a crash interrupted.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRotatingFile } from '../../src-main/logging/index.js';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'stockroom-log-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const line = (index: number): string => `{"n":${String(index).padStart(4, '0')},"pad":"xxxxxxxxxx"}\n`; // 33 bytes

/** Lines of every kept file, oldest file first. */
function allLines(baseName: string, maxFiles: number): string[] {
  const lines: string[] = [];
  for (let index = maxFiles - 1; index >= 0; index--) {
    const path = join(directory, index === 0 ? `${baseName}.log` : `${baseName}.${index}.log`);
    if (existsSync(path)) lines.push(...readFileSync(path, 'utf8').split('\n').filter(Boolean));
  }
  return lines;
}

describe('rotating log file', () => {
  it('rotates before a line would pass the size limit and keeps at most maxFiles files', () => {
    const file = createRotatingFile({ directory, baseName: 'app', maxBytes: 100, maxFiles: 3 });
    for (let index = 0; index < 20; index++) file.write(line(index));
    file.close();

    expect(readdirSync(directory).sort()).toEqual(['app.1.log', 'app.2.log', 'app.log']);
    for (const name of readdirSync(directory)) {
      const content = readFileSync(join(directory, name), 'utf8');
      expect(Buffer.byteLength(content)).toBeLessThanOrEqual(100);
      expect(content.endsWith('\n')).toBe(true);
    }
    // 3 lines fit in 100 bytes; the newest 3 files hold the last lines, in order, none split.
    const kept = allLines('app', 3);
    expect(kept).toEqual(Array.from({ length: 20 }, (_, index) => line(index).trim()).slice(-kept.length));
    expect(kept.length).toBe(8);
  });

  it('appends after a restart and rotates at the same limit', () => {
    const first = createRotatingFile({ directory, baseName: 'app', maxBytes: 100, maxFiles: 5 });
    first.write(line(1));
    first.write(line(2));
    first.close();

    const second = createRotatingFile({ directory, baseName: 'app', maxBytes: 100, maxFiles: 5 });
    second.write(line(3));
    expect(readFileSync(join(directory, 'app.log'), 'utf8')).toBe(line(1) + line(2) + line(3));
    second.write(line(4));
    second.close();
    expect(readFileSync(join(directory, 'app.log'), 'utf8')).toBe(line(4));
    expect(readFileSync(join(directory, 'app.1.log'), 'utf8')).toBe(line(1) + line(2) + line(3));
  });

  it('finishes a rotation that a crash left half done', () => {
    // A crash after "app.1.log" was renamed to "app.2.log", before "app.log" became "app.1.log".
    writeFileSync(join(directory, 'app.log'), line(1) + line(2) + line(3));
    writeFileSync(join(directory, 'app.1.log'), line(0));
    renameSync(join(directory, 'app.1.log'), join(directory, 'app.2.log'));

    const file = createRotatingFile({ directory, baseName: 'app', maxBytes: 100, maxFiles: 5 });
    file.write(line(4));
    file.close();
    expect(readdirSync(directory).sort()).toEqual(['app.1.log', 'app.3.log', 'app.log']);
    expect(allLines('app', 5)).toEqual([0, 1, 2, 3, 4].map((index) => line(index).trim()));
  });

  it('writes a line larger than the limit into a file of its own', () => {
    const file = createRotatingFile({ directory, baseName: 'app', maxBytes: 50, maxFiles: 3 });
    const big = `${'y'.repeat(120)}\n`;
    file.write(big);
    expect(readdirSync(directory)).toEqual(['app.log']); // an empty file is never rotated
    file.close();
    rmSync(join(directory, 'app.log'));
    file.write(line(1));
    file.write(big);
    file.write(line(2));
    file.close();
    expect(readFileSync(join(directory, 'app.2.log'), 'utf8')).toBe(line(1));
    expect(readFileSync(join(directory, 'app.1.log'), 'utf8')).toBe(big);
    expect(readFileSync(join(directory, 'app.log'), 'utf8')).toBe(line(2));
  });

  it('with one file kept, starts the file over', () => {
    const file = createRotatingFile({ directory, baseName: 'app', maxBytes: 70, maxFiles: 1 });
    for (let index = 0; index < 5; index++) file.write(line(index));
    file.close();
    expect(readdirSync(directory)).toEqual(['app.log']);
    expect(readFileSync(join(directory, 'app.log'), 'utf8')).toBe(line(4));
  });

  it('counts bytes, not characters', () => {
    const file = createRotatingFile({ directory, baseName: 'app', maxBytes: 40, maxFiles: 2 });
    const thai = `${'ก'.repeat(10)}\n`; // 31 bytes in UTF-8
    file.write(thai);
    file.write(thai);
    file.close();
    expect(readFileSync(join(directory, 'app.1.log'), 'utf8')).toBe(thai);
    expect(readFileSync(join(directory, 'app.log'), 'utf8')).toBe(thai);
  });

  it('creates the folder, and refuses nonsense limits', () => {
    const nested = join(directory, 'a', 'b');
    const file = createRotatingFile({ directory: nested, baseName: 'app' });
    file.write(line(1));
    file.close();
    expect(readFileSync(join(nested, 'app.log'), 'utf8')).toBe(line(1));
    expect(() => createRotatingFile({ directory, baseName: 'app', maxBytes: 0 })).toThrow(RangeError);
    expect(() => createRotatingFile({ directory, baseName: 'app', maxFiles: 1.5 })).toThrow(RangeError);
  });
});
