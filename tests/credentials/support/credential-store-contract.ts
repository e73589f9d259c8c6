// What every CredentialStore must do, run against the real keychain and the in-memory store alike, so
// unit tests that use the in-memory one rely on nothing the keychain does differently.
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { expect, it } from 'vitest';
import { CredentialStoreError, type CredentialStore } from '../../../src-main/credentials/index.js';

/** Every way a value could end up in a log line. */
export function renderings(value: unknown): string {
  return [
    String(value),
    JSON.stringify(value) ?? '',
    inspect(value, { depth: Infinity, showHidden: true }),
    value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : '',
  ].join('\n');
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

export function credentialStoreContract(store: () => CredentialStore): void {
  it('reports itself available', async () => {
    expect(await store().check()).toEqual({ available: true });
  });

  it('answers undefined for a profile without an entry', async () => {
    expect(await store().get(randomUUID())).toBeUndefined();
  });

  it('keeps both secrets of a profile and gives them back', async () => {
    const id = randomUUID();
    await store().set(id, { apikey: 'key-1', apisecret: 'secret-1' });
    expect(await store().get(id)).toEqual({ apikey: 'key-1', apisecret: 'secret-1' });
  });

  it('replaces both secrets on a second set', async () => {
    const id = randomUUID();
    await store().set(id, { apikey: 'key-old', apisecret: 'secret-old' });
    await store().set(id, { apikey: 'key-new', apisecret: 'secret-new' });
    expect(await store().get(id)).toEqual({ apikey: 'key-new', apisecret: 'secret-new' });
  });

  it('deletes an entry once: true, then false, and the entry is gone', async () => {
    const id = randomUUID();
    await store().set(id, { apikey: 'k', apisecret: 's' });
    expect(await store().delete(id)).toBe(true);
    expect(await store().get(id)).toBeUndefined();
    expect(await store().delete(id)).toBe(false);
  });

  it('keeps each profile separate', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await store().set(first, { apikey: 'first-key', apisecret: 'first-secret' });
    await store().set(second, { apikey: 'second-key', apisecret: 'second-secret' });
    await store().delete(first);
    expect(await store().get(first)).toBeUndefined();
    expect(await store().get(second)).toEqual({ apikey: 'second-key', apisecret: 'second-secret' });
  });

  it('gives back any text exactly: Thai, quotes, backslashes, emoji, JSON look-alikes', async () => {
    const id = randomUUID();
    const secrets = {
      apikey: 'คีย์ร้านค้า "quoted" \\back\\slash 🔑',
      apisecret: '{"v":1,"apikey":"x"}\u00e9\u0e01',
    };
    await store().set(id, secrets);
    expect(await store().get(id)).toEqual(secrets);
  });

  it('keeps long secrets (1,200 characters each)', async () => {
    const id = randomUUID();
    const secrets = { apikey: 'k'.repeat(1_199) + '1', apisecret: 's'.repeat(1_199) + '2' };
    await store().set(id, secrets);
    expect(await store().get(id)).toEqual(secrets);
  });

  it('refuses secrets too long for the smallest keychain, without showing them, and stores nothing', async () => {
    const id = randomUUID();
    const secrets = { apikey: 'A'.repeat(1_300), apisecret: 'B'.repeat(1_300) };
    const error = await rejection(store().set(id, secrets));
    expect(error).toBeInstanceOf(CredentialStoreError);
    expect(error).toMatchObject({ reason: 'too-large' });
    expect(renderings(error)).not.toContain('A'.repeat(20));
    expect(renderings(error)).not.toContain('B'.repeat(20));
    expect(await store().get(id)).toBeUndefined();
  });

  it('refuses an empty secret or profile id as a programming error', async () => {
    await expect(store().set(randomUUID(), { apikey: '', apisecret: 's' })).rejects.toThrow(TypeError);
    await expect(store().set('', { apikey: 'k', apisecret: 's' })).rejects.toThrow(TypeError);
  });
}
