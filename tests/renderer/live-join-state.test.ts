// The join dialog's form (features/live-count/live-count.svelte.ts) against a fake bridge: when nothing
// answers at the host's address, the page says which address it tried and what to do about a firewall
// (allow Stockroom on private networks on the host), in English and in Thai; a host of another
// Stockroom version says which PC to update.
import './support/page-globals.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JoinForm } from '../../src-renderer/features/live-count/live-count.svelte.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

afterEach(() => locale.set('en'));

async function unreachableJoin(): Promise<JoinForm> {
  const bridge = new FakeBridge().answer(
    'live.join',
    refused('conflict', 'Nothing answers at that address', 'unreachable'),
  );
  const form = new JoinForm(bridge);
  form.address = ' 192.168.1.20:47613 ';
  form.code = '123456';
  expect(await form.join()).toBeNull();
  return form;
}

describe('joining a host that a firewall blocks', () => {
  it('names the address and the private-network rule, in English', async () => {
    locale.set('en');
    const sentence = (await unreachableJoin()).said?.sentence ?? '';
    expect(sentence).toContain('192.168.1.20:47613');
    expect(sentence).toContain('firewall');
    expect(sentence).toContain('private networks');
  });

  it('and in Thai', async () => {
    locale.set('th');
    const sentence = (await unreachableJoin()).said?.sentence ?? '';
    expect(sentence).toContain('192.168.1.20:47613');
    expect(sentence).toContain('ไฟร์วอลล์');
    expect(sentence).toContain('เครือข่ายส่วนตัว');
  });
});

describe('hosts found on the shop network', () => {
  it('lists what main found, and a chosen host fills the address', async () => {
    const bridge = new FakeBridge().answer(
      'live.findHosts',
      ok({ enabled: true, hosts: [{ name: 'Front desk', address: '192.168.1.20:47613' }] }),
    );
    const form = new JoinForm(bridge);
    expect(form.looking).toBe(false);
    await form.findHosts();
    expect(form.looking).toBe(true);
    expect(form.found).toEqual([{ name: 'Front desk', address: '192.168.1.20:47613' }]);
    form.choose(form.found[0]?.address ?? '');
    expect(form.address).toBe('192.168.1.20:47613');
  });
});

describe('joining a host of another Stockroom version', () => {
  async function versionJoin(reason: 'host-older' | 'member-older' | 'host-silent'): Promise<string> {
    const bridge = new FakeBridge().answer('live.join', refused('conflict', 'another version', reason));
    const form = new JoinForm(bridge);
    form.address = '192.168.1.20:47613';
    form.code = '123456';
    expect(await form.join()).toBeNull();
    return form.said?.sentence ?? '';
  }

  it('says which PC to update, in English and in Thai', async () => {
    locale.set('en');
    expect(await versionJoin('host-older')).toContain('update Stockroom on the host');
    expect(await versionJoin('member-older')).toContain('update Stockroom on this PC');
    locale.set('th');
    expect(await versionJoin('host-older')).toContain('อัปเดต Stockroom ที่เครื่องหลัก');
    expect(await versionJoin('member-older')).toContain('อัปเดต Stockroom ที่เครื่องนี้');
  });

  it('says a host that took the code and went silent should be joined again, in English and in Thai', async () => {
    locale.set('en');
    expect(await versionJoin('host-silent')).toContain('Join again with the same code');
    locale.set('th');
    expect(await versionJoin('host-silent')).toContain('เข้าร่วมใหม่ด้วยรหัสเดิม');
  });
});
