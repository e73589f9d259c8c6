// A release as `npm run dist` leaves it (an installer and latest.yml beside it), signed by the release
// script, and a feed server on 127.0.0.1 serving folders of such files (or something broken instead).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';

export interface BuiltRelease {
  readonly folder: string;
  readonly version: string;
  /** The channel file's name: latest.yml (Windows), latest-linux.yml, latest-mac.yml. */
  readonly channel: string;
  readonly installer: string;
  readonly bytes: Buffer;
  readonly channelYaml: string;
}

export const sha512Base64 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** The latest.yml electron-builder writes for one installer. */
export function channelYaml(version: string, installer: string, bytes: Buffer): string {
  const sha512 = sha512Base64(bytes);
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${installer}`,
    `    sha512: ${sha512}`,
    `    size: ${bytes.length}`,
    `path: ${installer}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T08:00:00.000Z'",
    '',
  ].join('\n');
}

/** dist/ after `npm run dist` for `version`: an installer of random bytes and its channel file. */
export function buildRelease(
  root: string,
  version: string,
  options: { readonly channel?: string; readonly size?: number } = {},
): BuiltRelease {
  const channel = options.channel ?? 'latest.yml';
  const folder = join(root, `dist-${version}`);
  mkdirSync(folder, { recursive: true });
  // Named as electron-builder names them (electron-builder.yml): two channels can share a dist/.
  const installer =
    channel === 'latest.yml'
      ? `Stockroom-Setup-${version}-x64.exe`
      : `Stockroom-${version}-${channel.replace('.yml', '')}.bin`;
  const bytes = randomBytes(options.size ?? 256 * 1024);
  writeFileSync(join(folder, installer), bytes);
  const yaml = channelYaml(version, installer, bytes);
  writeFileSync(join(folder, channel), yaml);
  return { folder, version, channel, installer, bytes, channelYaml: yaml };
}

/** What the feed answers for a path: bytes, an endless body of `totalBytes` at most, or one answer to the first request and another to every later one. */
type SingleAnswer = Buffer | string | { readonly endless: true; readonly totalBytes: number };
export type FeedAnswer = SingleAnswer | { readonly first: Buffer | string; readonly later: SingleAnswer };

export interface FeedServer {
  readonly base: string;
  /** path → answer; anything else is a 404. */
  readonly files: Map<string, FeedAnswer>;
  /** Bytes written for each endless answer by the time its connection closed. */
  readonly endlessSent: number[];
  /** Each request's path, in order (the query, such as electron-updater's noCache, left off). */
  readonly requested: string[];
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, FeedAnswer>();
  const endlessSent: number[] = [];
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    const before = requested.filter((earlier) => earlier === path).length;
    requested.push(path);
    const listed = files.get(path);
    const answer =
      listed !== undefined && typeof listed !== 'string' && 'first' in listed
        ? before === 0
          ? listed.first
          : listed.later
        : listed;
    if (answer === undefined) return void response.writeHead(404).end('not found');
    if (typeof answer === 'string' || Buffer.isBuffer(answer))
      return void response.writeHead(200).end(answer);
    void sendEndless(response, answer.totalBytes).then((sent) => endlessSent.push(sent));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    files,
    endlessSent,
    requested,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes up to `totalBytes` as fast as the reader takes them; stops when the reader hangs up. */
async function sendEndless(response: ServerResponse, totalBytes: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let closed = false;
  response.on('close', () => (closed = true));
  response.writeHead(200, { 'content-type': 'application/json' });
  while (!closed && sent < totalBytes) {
    sent += chunk.length;
    if (!response.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
  }
  response.end();
  return sent;
}
