// Reads an answer's body as a stream with a cap (issue 21): the chunks are kept only while their sum
// stays under it, and past it the body is destroyed, so no more than `limit` bytes of an answer are
// kept. A Content-Length above the cap is refused before a byte is read.
import type { Dispatcher } from 'undici';

type ResponseBody = Dispatcher.ResponseData['body'];

export type BoundedRead =
  | { readonly ok: true; readonly text: string }
  | {
      readonly ok: false;
      /** What the server announced in Content-Length, when that is what refused it. */
      readonly announced?: number;
    };

export async function readBounded(
  body: ResponseBody,
  headers: Dispatcher.ResponseData['headers'],
  limit: number,
): Promise<BoundedRead> {
  const announced = Number(headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    stop(body);
    return { ok: false, announced };
  }
  const read = await collect(body, limit, 'refuse');
  return read === undefined ? { ok: false } : { ok: true, text: decode(read) };
}

/** The first `limit` bytes of a body (an error's quote needs no more); the rest is not read. */
export async function readHead(body: ResponseBody, limit: number): Promise<string> {
  return decode((await collect(body, limit, 'truncate')) ?? Buffer.alloc(0));
}

/**
 * The chunks are kept as undici hands them over (views of the socket's read buffers): copying them into
 * one buffer measured worse, as the copied-from chunks linger until a collection.
 */
async function collect(
  body: ResponseBody,
  limit: number,
  overLimit: 'refuse' | 'truncate',
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) {
      stop(body);
      if (overLimit === 'refuse') return undefined;
      chunks.push(chunk.subarray(0, limit - size));
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks);
}

/** Stops reading: the connection is closed, and the abort it reports is expected, not a crash. */
function stop(body: ResponseBody): void {
  body.on('error', () => {});
  body.destroy();
}

/** UTF-8 as undici's body.text() decodes it (a leading BOM dropped, bad bytes replaced). */
function decode(bytes: Buffer): string {
  return new TextDecoder().decode(bytes);
}
