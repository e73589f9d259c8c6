// `npm run sandbox -- [flags]`: the sandbox back office on its own. Prints one line with its address,
// stops cleanly on SIGINT/SIGTERM; bad flags exit with code 2, a failed start with code 1.
import { CliUsageError, USAGE, parseCliOptions } from './cli-options.js';
import { startSandbox } from './index.js';

async function main(): Promise<number> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`sandbox: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === undefined) {
    console.log(USAGE);
    return 0;
  }
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    console.error(`sandbox: could not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const storeNames = sandbox.stores.map((store) => store.name).join(', ');
  console.log(
    `Stockroom sandbox listening on ${sandbox.url} (stores: ${storeNames}; data: ${options.dataFile})`,
  );
  if (sandbox.missingHandlers.length > 0) {
    console.error(`sandbox: not implemented yet: ${sandbox.missingHandlers.join(', ')}`);
  }
  const running = sandbox;
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await running.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`sandbox: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
