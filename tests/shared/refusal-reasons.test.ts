// Refusal reasons are declared once (src-shared/ipc/refusal-reasons.ts), in one style, and every reason a
// service gives in src-main is one of them. The type checks the calls it sees; this scan also catches a
// reason written where the type is widened (a cast, a subclass).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS, REFUSAL_REASONS_BY_AREA } from '../../src-shared/ipc/refusal-reasons.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sandbox' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Literal reasons handed to a refusal: `Refusal.x(…, 'r')`, `{ reason: 'r' }` and `new XError('r', …)`. */
function reasonsIn(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /Refusal\.(?:notFound|conflict)\((?:[^()']|\([^()]*\)|'[^']*')*?,\s*'([^']+)',?\s*\)/g,
    /Refusal\.field\(\s*(?:'[^']*'|`[^`]*`|[\w.]+),\s*(?:'[^']*'|`[^`]*`|[\w.]+),\s*'([^']+)'/g,
    /reason: '([^']+)'/g,
    /new (?:CountingError|CredentialStoreError)\(\s*'([^']+)'/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] ?? '');
  return found;
}

describe('refusal reasons', () => {
  it('are kebab-case and declared once', () => {
    for (const reason of REFUSAL_REASONS) expect(reason).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(REFUSAL_REASONS).size).toBe(REFUSAL_REASONS.length);
    expect(REFUSAL_REASONS).toEqual(expect.arrayContaining(Object.values(REFUSAL_REASONS_BY_AREA).flat()));
  });

  it('every reason a service of src-main gives is declared', () => {
    const declared = new Set<string>(REFUSAL_REASONS);
    const undeclared: string[] = [];
    let seen = 0;
    for (const file of sources('src-main')) {
      const text = readFileSync(file, 'utf8');
      // updates/ has a Refusal of its own (a release's), not the services' one.
      const releaseRefusal = file.includes('updates') || /\bRefusal\b[^;]*from '[^']*updates\//.test(text);
      if (releaseRefusal || !/\bRefusal\b|CountingError/.test(text)) continue;
      for (const reason of reasonsIn(text)) {
        seen += 1;
        if (!declared.has(reason)) undeclared.push(`${file}: ${reason}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(undeclared).toEqual([]);
  });
});
