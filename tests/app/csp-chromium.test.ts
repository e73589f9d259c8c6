// The CSP checked in real Chromium. Pages are served by the app protocol's own handler (the headers
// app://stockroom/ sends) from a local server on 127.0.0.1; a second server on another port stands for
// any foreign origin. The page's own script and styles work; inline script, inline event handlers, eval,
// inline styles, a foreign fetch, WebSocket or image, and raw innerHTML are refused, each with a
// securitypolicyviolation event, and nothing reaches the foreign server. The same policy without Trusted
// Types shows script-src alone refusing eval. Then the real renderer build is loaded under the desktop
// policy and must run without a single violation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  desktopContentSecurityPolicy,
  webHostContentSecurityPolicy,
} from '../../src-main/app/content-security-policy.js';
import { sharedAppBuild } from './support/build-app.js';
import { CSS, checksScript, PAGE, PROBE, type ProbeResults } from './support/csp-probe-page.js';
import { startAppProtocolServer, startForeignServer, type RunningServer } from './support/csp-servers.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser;
let root: string;
let foreign: RunningServer;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  foreign = await startForeignServer();
  root = mkdtempSync(join(tmpdir(), 'stockroom-csp-'));
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'probe.js'), PROBE);
  writeFileSync(join(root, 'page.css'), CSS);
  writeFileSync(join(root, 'checks.js'), checksScript(foreign.origin));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([foreign, ...servers].filter(Boolean).map((server) => server.close()));
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

async function probe(page: Page, url: string): Promise<ProbeResults> {
  await page.goto(url);
  // A string expression: this file is type-checked without the DOM library.
  return (await page.evaluate('window.results')) as ProbeResults;
}

/** Serves the probe page under `policy` and returns what it found, with the page's console errors. */
async function runProbe(policy: string): Promise<{ results: ProbeResults; consoleErrors: string[] }> {
  const app = await startAppProtocolServer(root, () => policy);
  servers.push(app);
  const page = await browser.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const results = await probe(page, `${app.origin}/index.html`);
  await page.close();
  return { results, consoleErrors };
}

describe('the desktop CSP in Chromium', () => {
  let results: ProbeResults;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ results, consoleErrors } = await runProbe(desktopContentSecurityPolicy()));
  }, 60_000);

  it("runs the page's own script and stylesheet", () => {
    expect(results.ownScriptRan).toBe(true);
    expect(results.colours.own).toBe('rgb(0, 0, 255)');
    expect(results.ownFetch).toBe('200');
  });

  it('refuses inline script and inline event handlers', () => {
    expect(results.inlineScriptRan).toBe(false);
    expect(results.inlineHandlerRan).toBe(false);
    expect(results.violations).toContainEqual({ directive: 'script-src-elem', blocked: 'inline' });
    expect(results.violations).toContainEqual({ directive: 'script-src-attr', blocked: 'inline' });
  });

  it('refuses eval and the Function constructor (Trusted Types reports them first)', () => {
    expect(results.eval).toBe('EvalError');
    expect(results.functionConstructor).toBe('EvalError');
    expect(results.violations).toContainEqual({
      directive: 'require-trusted-types-for',
      blocked: 'trusted-types-sink',
    });
  });

  it('refuses a fetch, a WebSocket and an image from another origin, before anything is sent', () => {
    expect(results.foreignFetch).toBe('TypeError');
    expect(results.foreignSocket).toBe('error');
    expect(results.foreignImage).toBe('error');
    expect(results.violations).toContainEqual({
      directive: 'connect-src',
      blocked: `${foreign.origin}/data`,
    });
    expect(results.violations).toContainEqual({
      directive: 'connect-src',
      blocked: `${foreign.origin.replace('http:', 'ws:')}/socket`,
    });
    expect(results.violations).toContainEqual({
      directive: 'img-src',
      blocked: `${foreign.origin}/pixel.png`,
    });
    expect(foreign.requests).toEqual([]);
    expect(foreign.upgrades).toEqual([]);
    expect(consoleErrors.some((text) => text.includes('Content Security Policy'))).toBe(true);
  });

  it('refuses inline styles but lets script set styles through the CSSOM (as Svelte does)', () => {
    expect(results.colours.inline).not.toBe('rgb(255, 0, 0)');
    expect(results.colours.attribute).not.toBe('rgb(255, 0, 0)');
    expect(results.colours.cssom).toBe('rgb(0, 128, 0)');
    expect(results.violations).toContainEqual({ directive: 'style-src-elem', blocked: 'inline' });
    expect(results.violations).toContainEqual({ directive: 'style-src-attr', blocked: 'inline' });
  });

  it("requires Trusted Types: raw innerHTML throws, Svelte's policy works, any other policy is refused", () => {
    expect(results.rawInnerHtml).toBe('TypeError');
    expect(results.sveltePolicy).toBe('B');
    expect(results.otherPolicy).toBe('TypeError');
    expect(results.violations).toContainEqual({
      directive: 'require-trusted-types-for',
      blocked: 'trusted-types-sink',
    });
    expect(results.violations).toContainEqual({
      directive: 'trusted-types',
      blocked: 'trusted-types-policy',
    });
  });
});

describe('the same policy without Trusted Types in Chromium', () => {
  it('still refuses eval and inline script by script-src alone; raw innerHTML is then allowed', async () => {
    const { results } = await runProbe(buildContentSecurityPolicy());
    expect(results.ownScriptRan).toBe(true);
    expect(results.inlineScriptRan).toBe(false);
    expect(results.eval).toBe('EvalError');
    expect(results.functionConstructor).toBe('EvalError');
    expect(results.violations).toContainEqual({ directive: 'script-src', blocked: 'eval' });
    expect(results.foreignFetch).toBe('TypeError');
    expect(results.rawInnerHtml).toBe('assigned');
    expect(foreign.requests).toEqual([]);
  });
});

describe('the web host CSP in Chromium', () => {
  it('lets the page open a WebSocket to its own host and nowhere else', async () => {
    const host = await startAppProtocolServer(root, (origin) => webHostContentSecurityPolicy(origin));
    servers.push(host);
    const page = await browser.newPage();
    await page.goto(`${host.origin}/index.html`);
    const outcome = await page.evaluate(async (origin) => {
      const connect = (url: string) =>
        new Promise<string>((resolve) => {
          try {
            const socket = new WebSocket(url);
            socket.onopen = () => resolve('open');
            socket.onerror = () => resolve('error');
          } catch (error) {
            resolve((error as Error).name);
          }
        });
      return { own: await connect(`${origin.replace('http:', 'ws:')}/bridge`) };
    }, host.origin);
    await page.close();
    // The handshake fails (the test server only records it), but the request was allowed to leave.
    expect(outcome.own).toBe('error');
    expect(host.upgrades).toEqual(['/bridge']);
    expect(foreign.upgrades).toEqual([]);
  });
});

describe('the real renderer build under the desktop CSP', () => {
  it('loads and runs without a single violation', async () => {
    const outDir = await sharedAppBuild();
    const app = await startAppProtocolServer(join(outDir, 'renderer'), () => desktopContentSecurityPolicy());
    servers.push(app);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // Failed loads are reported below with their URL.
      if (message.text().startsWith('Failed to load resource')) return;
      if (message.type() === 'error' || message.text().includes('Content Security Policy'))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (answer) => {
      // Chromium asks for /favicon.ico on its own; an Electron window does not.
      if (answer.status() >= 400 && new URL(answer.url()).pathname !== '/favicon.ico') {
        problems.push(`${answer.status()} ${answer.url()}`);
      }
    });
    await page.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) => {
        console.error('CSP violation: ' + event.effectiveDirective + ' ' + event.blockedURI);
      });`,
    });
    const response = await page.goto(`${app.origin}/index.html`);
    expect(response?.headers()['content-security-policy']).toBe(desktopContentSecurityPolicy());
    await page.getByRole('heading', { name: 'Stockroom' }).waitFor();
    await page.waitForTimeout(200);
    await page.close();
    expect(problems).toEqual([]);
  }, 60_000);
});
