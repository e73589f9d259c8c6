// Fetches one file of the update feed (a channel file, a signed release manifest), reading the body as
// a stream that stops at a cap: whoever answers for the feed host can send an endless body, and reading
// it whole before checking its size would hold all of it in memory. Past the cap the body is destroyed
// (the connection is dropped) and the reason names the address and the cap.
import { request } from 'undici';

/** No channel file or signed manifest comes near this; a bigger answer is not a feed file. */
export const MAX_FEED_FILE_BYTES = 1024 * 1024;

export type FeedFile =
  | { readonly ok: true; readonly bytes: Buffer }
  | {
      readonly ok: false;
      /** missing: HTTP 404; unreachable: no answer or another status; too-large: past the cap. */
      readonly kind: 'missing' | 'unreachable' | 'too-large';
      readonly problem: string;
    };

export async function fetchFeedFile(
  url: URL,
  options: { readonly timeoutMs?: number; readonly capBytes?: number } = {},
): Promise<FeedFile> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const capBytes = options.capBytes ?? MAX_FEED_FILE_BYTES;
  try {
    const response = await request(url, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode !== 200) {
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined); // a short error page at most
      return {
        ok: false,
        kind: response.statusCode === 404 ? 'missing' : 'unreachable',
        problem: `${url.href} answered HTTP ${response.statusCode}`,
      };
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > capBytes) {
        // Leaving the loop destroys the body: the connection is dropped, nothing more is read.
        return {
          ok: false,
          kind: 'too-large',
          problem: `${url.href} is larger than ${capBytes} bytes; reading stopped there`,
        };
      }
      chunks.push(chunk);
    }
    return { ok: true, bytes: Buffer.concat(chunks) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    return { ok: false, kind: 'unreachable', problem: `${url.href} could not be read (${code})` };
  }
}
