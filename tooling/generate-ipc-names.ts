// Writes src-shared/ipc/names.generated.ts: the names of the contract's calls (contract.ts) and events
// (events.ts) as plain string lists. The preload's allow-lists are those lists, and the preload bundle
// must not carry zod, so the names are copied out of the schemas rather than read from them at run time.
// Run by `npm run generate:names`; tests/tooling/ipc-names.test.ts fails when the file is stale, and
// contract.ts/events.ts do not compile until it agrees with the schemas.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { callContract } from '../src-shared/ipc/contract.js';
import { eventContract } from '../src-shared/ipc/events.js';

export const GENERATED_NAMES_FILE = 'src-shared/ipc/names.generated.ts';
export const GENERATE_NAMES_COMMAND = 'npm run generate:names';

/** The generated module for these names (sorted, so the file does not follow the schemas' spread order). */
export async function namesModule(calls: readonly string[], events: readonly string[]): Promise<string> {
  const list = (names: readonly string[]): string =>
    `[\n${[...names]
      .sort()
      .map((name) => `  ${JSON.stringify(name)},`)
      .join('\n')}\n] as const`;
  const text = [
    `// Generated from src-shared/ipc/contract.ts and events.ts by \`${GENERATE_NAMES_COMMAND}\`: do not edit.`,
    '// Plain strings, no zod: the preload imports these lists (through names.ts).',
    '',
    `export const CALL_NAMES = ${list(calls)};`,
    '',
    `export const EVENT_NAMES = ${list(events)};`,
    '',
  ].join('\n');
  const file = resolve(GENERATED_NAMES_FILE);
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

/** The module the contract as it stands generates. */
export function contractNamesModule(): Promise<string> {
  return namesModule(Object.keys(callContract), Object.keys(eventContract));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_NAMES_FILE, await contractNamesModule());
  console.log(`wrote ${GENERATED_NAMES_FILE}`);
}
