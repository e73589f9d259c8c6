// `npm run web` as a person runs it (the CLI in a child process): one line on stdout with the URL, the
// demo store started when no profile exists, the page and the WebSocket answering, a clean stop on
// SIGTERM; its flags; and when out/renderer counts as stale.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_USER_DATA, parseWebCliOptions } from '../../src-main/host/cli-options.js';
import { loopbackDiscovery, MDNS_NETWORK } from '../../src-main/live-count/live-discovery.js';
import { RENDERER_SOURCES, rendererBuildReason } from '../../src-main/host/renderer-build.js';

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(PROJECT_ROOT, 'src-main', 'host', 'cli.ts');
const folders: string[] = [];
const children: ChildProcess[] = [];

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

afterEach(() => {
  // A test that failed before its SIGTERM must not leave a host running.
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

function startCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const firstLine = new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      resolveLine(line);
    });
    child.on('exit', (code) => reject(new Error(`the CLI exited (${code}) before printing:\n${stderr}`)));
  });
  // Marked handled: a test of a CLI that exits at once never reads the line.
  firstLine.catch(() => undefined);
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return { child, lines, firstLine, exited, stderr: () => stderr };
}

function callOverSocket(url: URL, name: string): Promise<unknown> {
  const socket = new WebSocket(`ws://${url.host}/api?token=${url.searchParams.get('token') ?? ''}`, {
    origin: url.origin,
  });
  return new Promise((resolveCall, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'call', id: 1, name, args: {} })));
    socket.on('message', (data) => {
      // Events (the demo store's sync) may come first.
      const frame: unknown = JSON.parse(String(data));
      if (typeof frame !== 'object' || frame === null || !('type' in frame) || frame.type !== 'result')
        return;
      resolveCall(frame);
      socket.close();
    });
    socket.on('error', reject);
  });
}

describe('npm run web', () => {
  it('prints one line with the URL, serves the page on the demo store, and stops on SIGTERM', async () => {
    const renderer = folder('stockroom-web-renderer-');
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>cli test</title>');
    const userData = join(folder('stockroom-web-data-'), 'user-data');
    const cli = startCli(['--user-data', userData, '--renderer', renderer, '--port', '0']);
    const line = await cli.firstLine;
    const match = /^Stockroom is at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43})$/.exec(line);
    expect(match, line).not.toBeNull();
    const url = new URL(match?.[1] ?? '');

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('cli test');
    const active = await callOverSocket(url, 'profiles.active');
    expect(active).toMatchObject({ type: 'result', id: 1, result: { ok: true, value: { kind: 'demo' } } });

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.lines).toEqual([line]);
    expect(cli.stderr()).not.toContain('Error');
  }, 30_000);

  it('with --no-demo leaves the choice to the page', async () => {
    const renderer = folder('stockroom-web-renderer-');
    writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
    const cli = startCli(['--user-data', folder('stockroom-web-data-'), '--renderer', renderer, '--no-demo']);
    const url = new URL(/(http\S+)/.exec(await cli.firstLine)?.[1] ?? '');
    expect(await callOverSocket(url, 'profiles.active')).toMatchObject({ result: { ok: true, value: null } });
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  }, 30_000);

  it('refuses bad flags with code 2 and the usage', async () => {
    const cli = startCli(['--port', 'eighty']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('--port must be a whole number');
    expect(cli.stderr()).toContain('Usage: npm run web');
    expect(cli.lines).toEqual([]);
  }, 30_000);
});

describe('the flags', () => {
  it('default to a free port, ./.tmp/web-user-data, the demo store and a build check', () => {
    expect(parseWebCliOptions([], '/work')).toEqual({
      port: 0,
      userDataDir: resolve('/work', DEFAULT_USER_DATA),
      startDemo: true,
      build: true,
      rendererDirectory: undefined,
      liveDiscovery: MDNS_NETWORK,
    });
    expect(parseWebCliOptions(['--help'], '/work')).toBeUndefined();
    expect(
      parseWebCliOptions(
        ['--port', '4173', '--user-data', 'data', '--no-demo', '--no-build', '--renderer', 'r'],
        '/w',
      ),
    ).toEqual({
      port: 4173,
      userDataDir: '/w/data',
      startDemo: false,
      build: false,
      rendererDirectory: '/w/r',
      liveDiscovery: MDNS_NETWORK,
    });
    // Tests find hosts over loopback unicast only; never the mDNS group.
    const loopback = parseWebCliOptions(['--live-discovery', 'loopback:41000:41001'], '/w')?.liveDiscovery;
    expect(loopback).toEqual(loopbackDiscovery(41_000, 41_001));
    expect(loopback).toMatchObject({ ip: '127.0.0.1', multicast: false, interface: '127.0.0.1' });
    expect(parseWebCliOptions(['--live-discovery', 'off'], '/w')?.liveDiscovery).toBe('off');
  });

  it('refuses what they cannot mean', () => {
    for (const args of [
      ['--live-discovery', 'loopback:1:1'],
      ['--live-discovery', 'loopback:0:5'],
      ['--live-discovery', '224.0.0.251'],
      ['--port', '65536'],
      ['--port', '-1'],
      ['--user-data', ' '],
      ['--what'],
      ['extra'],
    ]) {
      expect(() => parseWebCliOptions(args, '/work'), args.join(' ')).toThrow();
    }
  });
});

describe('out/renderer', () => {
  it('is built when missing, and again when a source is newer than it', () => {
    const root = folder('stockroom-web-project-');
    for (const source of RENDERER_SOURCES) {
      if (source.includes('.')) writeFileSync(join(root, source), '');
      else mkdirSync(join(root, source, 'deep'), { recursive: true });
    }
    writeFileSync(join(root, 'src-renderer', 'deep', 'Page.svelte'), '');
    expect(rendererBuildReason(root)).toBe('out/renderer is missing');

    mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(root, 'out', 'renderer', 'index.html'), '');
    const past = new Date(Date.now() - 60_000);
    for (const source of RENDERER_SOURCES) utimesSync(join(root, source), past, past);
    utimesSync(join(root, 'src-renderer', 'deep'), past, past);
    utimesSync(join(root, 'src-renderer', 'deep', 'Page.svelte'), past, past);
    expect(rendererBuildReason(root)).toBeNull();

    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src-renderer', 'deep', 'Page.svelte'), future, future);
    expect(rendererBuildReason(root)).toBe('src-renderer changed since out/renderer was built');
  });
});
