import { describe, expect, it } from 'vitest';
import { endpointList } from '../../src-shared/api/endpoints/index.js';
import { handlers, resourceModules } from '../../src-main/sandbox/resources/index.js';

describe('the sandbox resource registry', () => {
  it('handles every endpoint of the table: none answers "Not implemented"', () => {
    const missing = endpointList.map((row) => row.name).filter((name) => !(name in handlers));
    expect(missing).toEqual([]);
  });

  it('handles nothing that is not in the table', () => {
    const known = new Set(endpointList.map((row) => row.name));
    expect(Object.keys(handlers).filter((name) => !known.has(name))).toEqual([]);
  });

  it('gives every module tables keyed by store', () => {
    for (const [name, module] of Object.entries(resourceModules)) {
      const tables = [...module.schemaSql.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)\s*\(([^;]*)/gi)];
      for (const [, table, columns] of tables) {
        expect(columns, `${name}.${table}`).toMatch(/store_id/);
      }
    }
  });
});
