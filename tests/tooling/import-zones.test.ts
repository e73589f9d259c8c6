// The runtime import zones of ARCHITECTURE.md are lint errors, not conventions: each case lints a line
// as if it sat in that folder, with the project's own eslint.config.js. Svelte components are linted
// and format-checked like the rest, and import cycles in src-* (type-only ones included) are refused.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported;\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** A component whose script has `imports` and uses `imported`. */
function component(imports: string): string {
  return `<script lang="ts">\n  ${imports}\n\n  const used = imported;\n</script>\n\n<p>{used}</p>\n`;
}

/** Every lint message for a source, as `rule: message`. */
async function lintMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
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
    ['src-renderer/lib/example.svelte.ts', "import imported from 'node:fs';"],
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

describe('lint of .svelte files', () => {
  const file = 'src-renderer/features/example/Example.svelte';

  it.each([
    "import imported from 'node:fs';",
    "import imported from 'electron';",
    "import imported from '../../../src-main/db/database.js';",
  ])('refuses in a component: %s', async (imports) => {
    const messages = await lintMessages(file, component(imports));
    expect(messages.filter((message) => message.startsWith('no-restricted-imports:'))).not.toEqual([]);
  });

  it('refuses a generic rule (eqeqeq) in a component script and in its markup', async () => {
    const source =
      '<script lang="ts">\n  let { count }: { count: number } = $props();\n\n  const none = count == 0;\n</script>\n\n' +
      '{#if count != 1}<p>{none}</p>{/if}\n';
    const messages = await lintMessages(file, source);
    expect(messages.filter((message) => message.startsWith('eqeqeq:'))).toHaveLength(2);
  });

  it('refuses a Svelte rule (svelte/no-at-html-tags)', async () => {
    const source =
      '<script lang="ts">\n  let { html }: { html: string } = $props();\n</script>\n\n{@html html}\n';
    expect(await lintMessages(file, source)).toContainEqual(
      expect.stringMatching(/^svelte\/no-at-html-tags:/),
    );
  });

  it('passes a clean component that imports from src-shared', async () => {
    const source =
      '<script lang="ts">\n' +
      "  import type { EndpointName } from '../../../src-shared/api/endpoints/index.js';\n\n" +
      "  let { name = 'GetProducts' }: { name?: EndpointName } = $props();\n" +
      "</script>\n\n{#if name === 'GetProducts'}<p>{name}</p>{/if}\n";
    expect(await lintMessages(file, source)).toEqual([]);
  });

  it('passes a clean runes module (*.svelte.ts)', async () => {
    const source = 'export class Counter {\n  count = $state(0);\n  double = $derived(this.count * 2);\n}\n';
    expect(await lintMessages('src-renderer/lib/counter.svelte.ts', source)).toEqual([]);
  });
});

describe('import cycles in src-*', () => {
  // The rule resolves real files, so each case is written to a folder inside the repository.
  const folder = join('src-renderer', `cycle-check-${process.pid}`);
  const files: Record<string, string> = {
    'type-a.ts': "import type { B } from './type-b.js';\n\nexport interface A {\n  readonly b?: B;\n}\n",
    'type-b.ts': "import type { A } from './type-a.js';\n\nexport interface B {\n  readonly a?: A;\n}\n",
    'value-a.ts': "import { b } from './value-b.js';\n\nexport const a = (): number => b + 1;\n",
    'value-b.ts': "export { a } from './value-a.js';\n\nexport const b = 1;\n",
    'View.svelte':
      '<script lang="ts">\n  import { label } from \'./view.svelte.js\';\n</script>\n\n<p>{label}</p>\n',
    'view.svelte.ts': "import View from './View.svelte';\n\nexport const label = `${typeof View}`;\n",
    'leaf.ts': 'export const leaf = 1;\n',
    'uses-leaf.ts': "import { leaf } from './leaf.js';\n\nexport const twice = leaf * 2;\n",
    'uses-both.ts':
      "import { leaf } from './leaf.js';\nimport { twice } from './uses-leaf.js';\n\nexport const sum = leaf + twice;\n",
  };

  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    for (const [name, source] of Object.entries(files)) writeFileSync(join(folder, name), source);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function cycleErrors(name: string): Promise<string[]> {
    const [result] = await eslint.lintFiles([join(folder, name)]);
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'local/no-import-cycle')
      .map((message) => message.message);
  }

  it.each(['type-a.ts', 'type-b.ts', 'value-a.ts', 'value-b.ts', 'View.svelte', 'view.svelte.ts'])(
    'refuses %s (one side of a two-module cycle)',
    async (name) => {
      const path = join(folder, name);
      const errors = await cycleErrors(name);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.startsWith(`Import cycle: ${path} → `)).toBe(true);
      expect(errors[0]?.endsWith(` → ${path}.`)).toBe(true);
    },
  );

  it.each(['leaf.ts', 'uses-leaf.ts', 'uses-both.ts'])(
    'passes %s (shared imports, no cycle)',
    async (name) => {
      expect(await cycleErrors(name)).toEqual([]);
    },
  );
});

describe('prettier on .svelte files', () => {
  const file = 'src-renderer/features/example/Example.svelte';
  const formatted =
    '<script lang="ts">\n  let { count }: { count: number } = $props();\n</script>\n\n<p>{count}</p>\n';

  async function isFormatted(source: string): Promise<boolean> {
    const options = await prettier.resolveConfig(file);
    return prettier.check(source, { ...options, filepath: file });
  }

  it('passes a component in the project style', async () => {
    expect(await isFormatted(formatted)).toBe(true);
  });

  it('reports a misformatted component', async () => {
    expect(await isFormatted(formatted.replace('let { count }', 'let {count}'))).toBe(false);
    expect(await isFormatted(formatted.replace('<p>{count}</p>', '<p>{ count }</p>'))).toBe(false);
    expect(await isFormatted(formatted.replace('$props();', '$props()'))).toBe(false);
  });
});
