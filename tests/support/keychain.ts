// A real system keychain for tests: gnome-keyring's Secret Service in a private D-Bus session.
//
//   const keychain = await startKeychainSession();            // unlocked keyring in a temp folder
//   await keychain.store.set(id, { apikey, apisecret });       // a CredentialStore: real keytar calls
//   await keychain.lock();                                     // lock the default keyring
//   await keychain.stopDaemon();                               // the keyring service goes away
//   await keychain.close();                                    // ends the session, deletes the folders
//
// keytar (through libsecret) talks to the Secret Service on the session bus of its own process, and
// caches that connection for the life of the process; a test process usually has no session bus (CI),
// or has the developer's, whose keyring a test must never lock or fill. So the keychain side always runs
// in a child process: `dbus-run-session` (a private bus with its own config file) starts
// `gnome-keyring-daemon --unlock` with a throwaway password and keyring folder, then execs Node with
// keychain-host.ts, which serves a KeytarCredentialStore over stdin/stdout. `store` here forwards each
// call and rebuilds CredentialStoreErrors, so tests (and ProfileService) use it like any store.
//
// Needs on Linux: dbus-run-session and dbus-send (Debian: dbus), gnome-keyring-daemon (gnome-keyring)
// and keytar built against libsecret (libsecret-1-dev). `keychainTools()` says what is missing.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  CredentialStoreError,
  type CredentialStore,
  type CredentialStoreErrorReason,
  type KeychainStatus,
  type StoreSecrets,
} from '../../src-main/credentials/index.js';

export const ANSWER_PREFIX = '@@keychain ';

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '../..');
const hostScript = join(here, 'keychain-host.ts');
const REQUEST_TIMEOUT_MS = 30_000;
const KEYRING_PASSWORD = 'stockroom-test-keyring';

export interface KeychainSessionOptions {
  /** 'none' runs the host with no session bus at all (no address, no display to autolaunch one). */
  readonly bus?: 'private' | 'none';
  /** Start gnome-keyring-daemon with an unlocked login keyring before the host (default true on a bus). */
  readonly startKeyring?: boolean;
  /**
   * Let D-Bus start the keyring service on demand from its .service file, as on a desktop (default
   * false: with it off, a stopped daemon stays stopped).
   */
  readonly activation?: boolean;
  /** The keyring folder's parent (XDG_DATA_HOME); reuse one to meet the same keyring in a new session. */
  readonly dataHome?: string;
  /** Keychain service name for the store (default 'Stockroom'). */
  readonly service?: string;
  /** Makes the store's keytar loader throw this message (a missing or mismatched native module). */
  readonly brokenModule?: string;
}

export interface KeychainSession {
  /** A KeytarCredentialStore in the session, called over a pipe. */
  readonly store: CredentialStore;
  /** XDG_DATA_HOME of the session (the keyring files are in its `keyrings/`). */
  readonly dataHome: string;
  /** keytar's own getPassword/setPassword, to look at or plant the raw entry text. */
  rawGet(account: string): Promise<string | null>;
  rawSet(account: string, text: string): Promise<void>;
  /** Locks the default keyring (Secret Service Lock). */
  lock(): Promise<void>;
  /** Stops the keyring daemon (SIGTERM to the owner of org.freedesktop.secrets). */
  stopDaemon(): Promise<void>;
  /** Starts a new unlocked keyring daemon in the session (after stopDaemon). */
  startDaemon(): Promise<void>;
  /** What the session printed on stderr (the daemons' messages), for failure reports. */
  stderr(): string;
  /** Ends the session (bus and daemon exit with it) and deletes its folders (not a `dataHome` passed in). */
  close(): Promise<void>;
}

/** Which of the needed programs are missing (empty on a ready machine). */
export function keychainTools(): string[] {
  const missing: string[] = [];
  for (const program of ['dbus-run-session', 'dbus-send', 'gnome-keyring-daemon']) {
    const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
    if (found.status !== 0) missing.push(program);
  }
  return missing;
}

/** Fails with an install hint when a needed program is missing, rather than skipping silently. */
export function requireKeychainTools(): void {
  const missing = keychainTools();
  if (missing.length > 0) {
    throw new Error(
      `The keychain tests need ${missing.join(', ')} (Debian: apt-get install dbus gnome-keyring libsecret-1-dev).`,
    );
  }
}

function busConfig(socketFolder: string, activation: boolean): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir=${socketFolder}</listen>
  <auth>EXTERNAL</auth>
  ${activation ? '<standard_session_servicedirs/>' : ''}
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

/** Processes started in the session that outlive it (services D-Bus activated, such as the prompter). */
function sessionProcesses(folder: string): number[] {
  const marker = `STOCKROOM_TEST_KEYCHAIN_SESSION=${folder}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((name) => {
      try {
        return `${readFileSync(`/proc/${name}/environ`, 'latin1')}\0`.includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Ends this session's leftover processes: the keyring daemon and services D-Bus activated are not
 * children of the session and may outlive it, recreating its runtime folder after the delete. SIGKILL
 * is safe: every request has been answered, and gnome-keyring writes an item before answering.
 */
async function endSessionProcesses(folder: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const left = sessionProcesses(folder);
    if (left.length === 0) return;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Answer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { name: string; message: string; reason?: CredentialStoreErrorReason };
    };

export async function startKeychainSession(options: KeychainSessionOptions = {}): Promise<KeychainSession> {
  const bus = options.bus ?? 'private';
  const startKeyring = bus === 'private' && (options.startKeyring ?? true);
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-keychain-'));
  const dataHome = options.dataHome ?? join(folder, 'data');
  const runtimeDir = join(folder, 'run');
  for (const path of [dataHome, join(folder, 'home')]) mkdirSync(path, { recursive: true });
  // gnome-keyring wants a runtime folder only its user can read (as /run/user/<uid> is).
  mkdirSync(runtimeDir, { mode: 0o700 });
  const configFile = join(folder, 'bus.conf');
  writeFileSync(configFile, busConfig(folder, options.activation ?? false));

  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the developer's desktop may leak in: no bus, no display to autolaunch one, no keyring.
  for (const name of [
    'DBUS_SESSION_BUS_ADDRESS',
    'DBUS_SESSION_BUS_PID',
    'DISPLAY',
    'WAYLAND_DISPLAY',
    'GNOME_KEYRING_CONTROL',
  ]) {
    delete env[name];
  }
  Object.assign(env, {
    HOME: join(folder, 'home'),
    XDG_DATA_HOME: dataHome,
    XDG_RUNTIME_DIR: runtimeDir,
    XDG_CONFIG_HOME: join(folder, 'home', '.config'),
    XDG_CACHE_HOME: join(folder, 'home', '.cache'),
    // Marks every process of this session (activated services included) so close() can find them.
    STOCKROOM_TEST_KEYCHAIN_SESSION: folder,
    STOCKROOM_TEST_KEYCHAIN_SERVICE: options.service ?? 'Stockroom',
    STOCKROOM_TEST_KEYRING_STARTED: startKeyring ? '1' : '0',
    STOCKROOM_TEST_KEYRING_PASSWORD: KEYRING_PASSWORD,
  });
  if (options.brokenModule !== undefined) env.STOCKROOM_TEST_KEYTAR_BROKEN = options.brokenModule;

  const node = [process.execPath, '--import', 'tsx', hostScript];
  const keyring = startKeyring
    ? 'printf %s "$STOCKROOM_TEST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --replace --components=secrets >/dev/null; '
    : '';
  const [command, ...args] =
    bus === 'none'
      ? node
      : [
          'dbus-run-session',
          `--config-file=${configFile}`,
          '--',
          'sh',
          '-c',
          `${keyring}exec "$@"`,
          'sh',
          ...node,
        ];
  if (command === undefined) throw new Error('no command');
  const child = spawn(command, args, { cwd: repositoryRoot, env, stdio: ['pipe', 'pipe', 'pipe'] });
  return connect(child, folder, dataHome);
}

async function connect(
  child: ChildProcessWithoutNullStreams,
  folder: string,
  dataHome: string,
): Promise<KeychainSession> {
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    errors += chunk;
  });
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited: Error | undefined;

  const ready = new Promise<void>((resolveReady, rejectReady) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith(ANSWER_PREFIX)) return;
      const message = JSON.parse(line.slice(ANSWER_PREFIX.length)) as Answer | { ready: true };
      if ('ready' in message) return resolveReady();
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      waiter?.resolve(message);
    });
    const fail = (error: Error) => {
      exited = error;
      rejectReady(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    };
    child.on('error', (error) => fail(new Error(`Could not start the keychain session: ${error.message}`)));
    child.on('exit', (code, signal) =>
      fail(new Error(`The keychain session ended (code ${code}, signal ${signal}):\n${errors}`)),
    );
  });
  await ready;

  async function request(op: string, fields: Record<string, unknown> = {}): Promise<unknown> {
    if (exited) throw exited;
    const id = nextId++;
    const answer = await new Promise<Answer>((resolveAnswer, rejectAnswer) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        rejectAnswer(
          new Error(`The keychain host did not answer ${op} within ${REQUEST_TIMEOUT_MS} ms:\n${errors}`),
        );
      }, REQUEST_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolveAnswer(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          rejectAnswer(error);
        },
      });
      child.stdin.write(`${JSON.stringify({ id, op, ...fields })}\n`);
    });
    if (answer.ok) return answer.value;
    const { reason, message, name } = answer.error;
    if (reason !== undefined) throw new CredentialStoreError(reason, message);
    // Programming errors keep their class, so tests can tell them from keychain failures.
    const error = name === 'TypeError' ? new TypeError(message) : new Error(message);
    error.name = name;
    throw error;
  }

  const store: CredentialStore = {
    get: async (profileId) =>
      ((await request('get', { account: profileId })) ?? undefined) as StoreSecrets | undefined,
    set: async (profileId, secrets) => {
      await request('set', {
        account: profileId,
        secrets: { apikey: secrets.apikey, apisecret: secrets.apisecret },
      });
    },
    delete: async (profileId) => (await request('delete', { account: profileId })) as boolean,
    check: async () => (await request('check')) as KeychainStatus,
  };

  return {
    store,
    dataHome,
    rawGet: async (account) => (await request('raw-get', { account })) as string | null,
    rawSet: async (account, text) => {
      await request('raw-set', { account, text });
    },
    lock: async () => {
      await request('lock');
    },
    stopDaemon: async () => {
      await request('stop-daemon');
    },
    startDaemon: async () => {
      await request('start-daemon');
    },
    stderr: () => errors,
    close: async () => {
      if (!exited) {
        const ended = new Promise<void>((resolveEnd) => child.once('exit', () => resolveEnd()));
        child.stdin.end();
        await ended;
      }
      await endSessionProcesses(folder);
      // A dataHome passed in lives outside this folder and is the caller's to delete.
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
