// A size-rotated append-only file: `<name>.log` is written, `<name>.1.log` … `<name>.<n-1>.log` are older.
// Writes are synchronous (a line is on disk, in the kernel's cache, before the call returns), so a crash
// loses nothing already logged. The size is read from disk when the file is opened, so a restart appends
// to the current file and rotates at the same limit; a rotation interrupted by a crash (some files
// renamed, not all) is finished by the next one, because every rename is skipped when its source is gone.
// Only one process writes a log folder (the desktop shell holds the single-instance lock first).
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface RotatingFileOptions {
  directory: string;
  /** File name without extension: `stockroom` writes `stockroom.log`, `stockroom.1.log`, … */
  baseName: string;
  /** A file is rotated before a line would take it past this size (5 MiB). */
  maxBytes?: number;
  /** Files kept in all, the current one included (5). */
  maxFiles?: number;
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 5;

export interface RotatingFile {
  /** Appends text (one or more whole lines), rotating first when it would not fit. */
  write(text: string): void;
  /** Paths of the files that may exist, newest first. */
  files(): string[];
  close(): void;
}

export function createRotatingFile(options: RotatingFileOptions): RotatingFile {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  if (!Number.isInteger(maxBytes) || maxBytes < 1)
    throw new RangeError('maxBytes must be a positive integer');
  if (!Number.isInteger(maxFiles) || maxFiles < 1)
    throw new RangeError('maxFiles must be a positive integer');

  const pathOf = (index: number): string =>
    join(options.directory, index === 0 ? `${options.baseName}.log` : `${options.baseName}.${index}.log`);

  let descriptor: number | null = null;
  let size = 0;

  function open(): number {
    if (descriptor !== null) return descriptor;
    mkdirSync(options.directory, { recursive: true });
    descriptor = openSync(pathOf(0), 'a', 0o600);
    size = fstatSync(descriptor).size;
    return descriptor;
  }

  function closeCurrent(): void {
    if (descriptor === null) return;
    closeSync(descriptor);
    descriptor = null;
  }

  function rotate(): void {
    closeCurrent();
    rmSync(pathOf(maxFiles - 1), { force: true });
    for (let index = maxFiles - 2; index >= 0; index--) {
      try {
        renameSync(pathOf(index), pathOf(index + 1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  return {
    write(text: string): void {
      const bytes = Buffer.from(text, 'utf8');
      open();
      if (size > 0 && size + bytes.length > maxBytes) rotate();
      const fd = open();
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      size += bytes.length;
    },
    files: () => Array.from({ length: maxFiles }, (_, index) => pathOf(index)),
    close: closeCurrent,
  };
}
