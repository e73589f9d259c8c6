// The runtime import zones of ARCHITECTURE.md are lint errors, not conventions: each case lints a line
// as if it sat in that folder, with the project's own eslint.config.js.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint import zones', () => {
  it.each([
    ['src-shared/api/example.ts', "import imported from 'node:fs';"],
    ['src-shared/api/example.ts', "import imported from 'electron';"],
    ['src-shared/api/example.ts', "import imported from '../../src-main/db/database.js';"],
    ['src-main/db/example.ts', "import imported from 'electron';"],
    ['src-main/db/example.ts', "import imported from '../../src-renderer/main.js';"],
    ['src-main/preload/example.ts', "import imported from 'node:path';"],
    ['src-main/preload/example.ts', "import imported from '../db/database.js';"],
    ['src-renderer/lib/example.ts', "import imported from 'electron';"],
    ['src-renderer/lib/example.ts', "import imported from 'node:fs';"],
    ['src-renderer/lib/example.ts', "import imported from '../../src-main/db/database.js';"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await restrictedImportErrors(file, source)).not.toEqual([]);
  });

  it.each([
    ['src-main/db/example.ts', "import imported from 'node:fs';"],
    ['src-main/app/example.ts', "import imported from 'electron';"],
    ['src-main/preload/example.ts', "import imported from 'electron';"],
    ['src-main/preload/example.ts', "import imported from '../../src-shared/api/index.js';"],
    ['src-renderer/lib/example.ts', "import imported from '../../src-shared/api/index.js';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restrictedImportErrors(file, source)).toEqual([]);
  });
});
