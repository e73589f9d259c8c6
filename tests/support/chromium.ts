// Real Chromium for browser tests: the Debian package's binary driven by playwright-core (no browser
// is downloaded), headless, with a fresh profile folder per launch so no cookie, storage or cache of
// another run (or of a person's browser) can change what a test sees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumSession {
  readonly context: BrowserContext;
  /** The first page of the context. */
  readonly page: Page;
  /** Console errors, uncaught page errors, CSP violations and failed responses, as text. */
  readonly problems: string[];
  /** Closes the browser and deletes its profile folder. */
  close(): Promise<void>;
}

/** Reports every CSP violation to the console, where `problems` collects it. */
const VIOLATION_REPORTER = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('CSP violation: ' + event.effectiveDirective + ' ' + event.blockedURI);
});`;

function isProblem(message: ConsoleMessage): boolean {
  return message.type() === 'error' || message.text().includes('Content Security Policy');
}

/** Launches Chromium with a fresh --user-data-dir and one page that records its problems. */
export async function launchChromium(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<ChromiumSession> {
  const profile = mkdtempSync(join(tmpdir(), 'stockroom-chromium-'));
  // A persistent context is how Playwright gives Chromium its own --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: options.viewport ?? { width: 1200, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // Playwright starts intercepting file choosers only when a 'filechooser' listener is added, and does
  // not wait for Chromium to confirm: a key pressed at once after `waitForEvent('filechooser')` can
  // open the chooser before interception is on, and the event never comes (a timeout on a loaded
  // machine). One listener for the page's life turns interception on now, long before any test acts.
  page.on('filechooser', () => undefined);
  const problems: string[] = [];
  await page.addInitScript({ content: VIOLATION_REPORTER });
  page.on('console', (message) => {
    if (isProblem(message)) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    // Chromium asks for /favicon.ico on its own; the app has none.
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') {
      problems.push(`HTTP ${response.status()} ${response.url()}`);
    }
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
