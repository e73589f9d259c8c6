// The preload's name lists are generated from the contract (tooling/generate-ipc-names.ts): the file in
// the tree is what the schemas generate now, so a call added to a schema without running the generator
// fails here (and in the typecheck), saying which command to run. The lists carry no import at all, so
// the preload bundle stays zod-free.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callContract } from '../../src-shared/ipc/contract.js';
import { eventContract } from '../../src-shared/ipc/events.js';
import { CALL_NAMES, EVENT_NAMES } from '../../src-shared/ipc/names.js';
import {
  contractNamesModule,
  GENERATE_NAMES_COMMAND,
  GENERATED_NAMES_FILE,
  namesModule,
} from '../../tooling/generate-ipc-names.js';

describe('generated IPC names', () => {
  it('the generated file is what the contract generates now', async () => {
    const inTree = readFileSync(GENERATED_NAMES_FILE, 'utf8');
    expect(inTree, `${GENERATED_NAMES_FILE} is stale: run \`${GENERATE_NAMES_COMMAND}\``).toBe(
      await contractNamesModule(),
    );
  });

  it('lists exactly the schemas’ calls and events, and imports nothing', () => {
    expect([...CALL_NAMES].sort()).toEqual(Object.keys(callContract).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(eventContract).sort());
    expect(readFileSync(GENERATED_NAMES_FILE, 'utf8')).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('a call added to the schemas changes the generated file', async () => {
    const calls = Object.keys(callContract);
    const events = Object.keys(eventContract);
    const withNewCall = await namesModule([...calls, 'money.newCall'], events);
    expect(withNewCall).toContain("'money.newCall',");
    expect(withNewCall).not.toBe(await namesModule(calls, events));
    // The schemas' spread order does not matter, only the names.
    expect(await namesModule([...calls].reverse(), events)).toBe(await namesModule(calls, events));
  });
});
