// Search text with NUL or another control character (issue 21): refused by the contract as
// 'invalid-arguments', naming the field, before any service — where it reached SQLite's MATCH and LIKE
// and ended as 'internal'. Through the real ApiCore and the real call contract; the services record
// that they were not reached.
import { describe, expect, it } from 'vitest';
import { createApiCore } from '../../src-main/api/api-core.js';
import { EventHub } from '../../src-main/api/event-hub.js';
import { createCallHandlers } from '../../src-main/api/dispatch.js';
import type { CallName } from '../../src-shared/ipc/index.js';
import { recordingServices } from './support/api-stubs.js';

/** Every search call, with the field that carries what the person typed. */
const SEARCHES: readonly (readonly [CallName, string, Record<string, unknown>])[] = [
  ['contacts.search', 'text', {}],
  ['money.list', 'keyword', { kind: 'income' }],
  ['money.transfers', 'keyword', {}],
  ['documents.quotations', 'keyword', {}],
  ['documents.quotations', 'createdBy', {}],
  ['returns.list', 'keyword', {}],
  ['money.contacts', 'text', {}],
  ['catalogue.search', 'text', {}],
  ['catalogue.searchPage', 'text', {}],
  ['bundles.list', 'text', {}],
];
const CONTROLLED = ['ข้าว\u0000', 'a\u0007b', '\u001b[2J', 'rice\nbag', 'tab\there', 'x\u0085', 'x\u009b'];

describe('search text with control characters', () => {
  for (const [name, field, rest] of SEARCHES) {
    it(`${name}: ${field} holding a control character is refused as invalid arguments`, async () => {
      const { services, calls } = recordingServices();
      const api = createApiCore({ handlers: createCallHandlers(services), events: new EventHub() });
      for (const text of CONTROLLED) {
        const result = await api.call(name, { ...rest, [field]: text }, 'web');
        expect(result.ok, JSON.stringify(text)).toBe(false);
        if (result.ok) continue;
        expect(result.error.code, JSON.stringify(text)).toBe('invalid-arguments');
        expect(result.error.issues?.[0]).toEqual({
          path: field,
          message: 'holds a control character; type plain text',
        });
      }
      expect(calls).toEqual([]);
      // Plain text, Thai included, still reaches the service.
      await api.call(name, { ...rest, [field]: 'ข้าวหอม 5 kg' }, 'web');
      expect(calls).toHaveLength(1);
    });
  }
});
