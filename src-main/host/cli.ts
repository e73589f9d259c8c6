// `npm run web -- [flags]`: Stockroom in a browser on this PC. Builds the renderer if out/ is missing or
// stale, starts the app services on a user-data folder (the demo store when no profile exists), starts
// the web host on 127.0.0.1 and prints ONE line on stdout: the URL with its token. Logs go to
// <user-data>/logs. SIGINT/SIGTERM stop the host, then the services (the outbox drainer finishes its
// request). Bad flags exit with code 2, a failed start with code 1.
import { resolve } from 'node:path';
import { appPaths, ensureAppDirectories } from '../storage/paths.js';
import { KeytarCredentialStore } from '../credentials/index.js';
import { createFileLogger } from '../logging/index.js';
import { startAppServices, type AppServices } from '../services/index.js';
import { CliUsageError, USAGE, parseWebCliOptions } from './cli-options.js';
import { buildRenderer, rendererBuildReason, rendererDirectory } from './renderer-build.js';
import { startWebHost, type WebHost } from './web-host.js';

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

function say(message: string): void {
  process.stderr.write(`web: ${message}\n`);
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseWebCliOptions(process.argv.slice(2), process.cwd());
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    say(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === undefined) {
    console.log(USAGE);
    return 0;
  }

  let renderer = options.rendererDirectory;
  if (renderer === undefined) {
    renderer = rendererDirectory(PROJECT_ROOT);
    const reason = options.build ? rendererBuildReason(PROJECT_ROOT) : null;
    if (reason !== null) {
      say(`building the renderer (${reason})…`);
      await buildRenderer(PROJECT_ROOT);
    }
  }

  const paths = appPaths(options.userDataDir);
  ensureAppDirectories(paths);
  const files = createFileLogger({ directory: paths.logsDirectory });
  const logger = files.logger.child('web');
  let services: AppServices | undefined;
  let host: WebHost | undefined;
  try {
    services = await startAppServices({
      userDataDir: options.userDataDir,
      credentialStore: new KeytarCredentialStore(),
      logger: files.logger,
      liveDiscovery: options.liveDiscovery,
    });
    if (options.startDemo) {
      const active = await services.api.call('profiles.active', {}, 'web');
      if (active.ok && active.value === null) {
        const demo = await services.api.call('demo.start', {}, 'web');
        if (!demo.ok) say(`the demo store did not start: ${demo.error.message}`);
      }
    }
    host = await startWebHost({ api: services.api, rendererDirectory: renderer, port: options.port, logger });
  } catch (error) {
    say(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    await host?.close();
    await services?.stop();
    files.close();
    return 1;
  }

  console.log(`Stockroom is at ${host.url}`);
  logger.info('Web host started', { origin: host.origin, userData: options.userDataDir });
  await new Promise<void>((resolveStop) => {
    process.once('SIGINT', () => resolveStop());
    process.once('SIGTERM', () => resolveStop());
  });
  await host.close();
  await services.stop();
  logger.info('Web host stopped');
  files.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    say(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
