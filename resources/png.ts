// A minimal PNG encoder (8 bits per channel, no filtering, no interlace), enough for the app icon and
// for test pictures; no image library needed. Deterministic: the same pixels give the same bytes.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE = { rgb: 2, rgba: 6 } as const;

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** `pixels`: rows top to bottom, 3 (rgb) or 4 (rgba) bytes a pixel. */
export function encodePng(
  width: number,
  height: number,
  format: keyof typeof COLOUR_TYPE,
  pixels: Uint8Array,
): Buffer {
  const bytesPerRow = width * (format === 'rgb' ? 3 : 4);
  if (pixels.length !== bytesPerRow * height) {
    throw new RangeError(
      `${width}×${height} ${format} needs ${bytesPerRow * height} bytes, not ${pixels.length}`,
    );
  }
  const raw = Buffer.alloc(height * (bytesPerRow + 1));
  for (let row = 0; row < height; row++) {
    // Each row starts with its filter type: 0, none.
    raw.set(pixels.subarray(row * bytesPerRow, (row + 1) * bytesPerRow), row * (bytesPerRow + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, COLOUR_TYPE[format], 0, 0, 0], 8); // 8 bits, colour type, deflate, no filter, no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
