// No form reads a person's number outside the one rule (src-shared/domain/typed-number.ts): the lint
// rule refuses Number(), parseFloat, parseInt and unary + in the renderer, .svelte included, and the
// renderer as it stands passes it (each remaining read of non-person data says why).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedSyntax(file: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

describe('lint of typed numbers', () => {
  it.each([
    'export const read = (text: string): number => Number(text);\n',
    'export const read = (text: string): number => parseFloat(text);\n',
    'export const read = (text: string): number => Number.parseInt(text, 10);\n',
    'export const read = (text: string): number => +text;\n',
  ])('refuses in the renderer: %s', async (source) => {
    expect(await restrictedSyntax('src-renderer/features/example/read.ts', source)).toBe(1);
  });

  it('refuses it in a component too', async () => {
    const source =
      '<script lang="ts">\n  let text = $state(\'\');\n  const value = $derived(Number(text));\n</script>\n\n<p>{value}</p>\n';
    expect(await restrictedSyntax('src-renderer/features/example/Example.svelte', source)).toBe(1);
  });

  it('leaves main and the rule itself alone', async () => {
    const source = 'export const read = (text: string): number => Number(text);\n';
    expect(await restrictedSyntax('src-main/catalog/read.ts', source)).toBe(0);
    expect(await restrictedSyntax('src-shared/domain/read.ts', source)).toBe(0);
  });

  it('passes on every file of the renderer', async () => {
    const results = await eslint.lintFiles(['src-renderer/**/*.ts', 'src-renderer/**/*.svelte']);
    const found = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'no-restricted-syntax')
        .map((message) => `${result.filePath}:${message.line}`),
    );
    expect(found).toEqual([]);
  });
});
