// Which image format some bytes are, by their magic numbers: a text file named photo.png with an
// image/png type must not become a product image.

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [...'GIF87a'].map((character) => character.charCodeAt(0));
const GIF89A = [...'GIF89a'].map((character) => character.charCodeAt(0));
const RIFF = [...'RIFF'].map((character) => character.charCodeAt(0));
const WEBP = [...'WEBP'].map((character) => character.charCodeAt(0));

function startsWith(data: Uint8Array, signature: readonly number[], at = 0): boolean {
  return data.length >= at + signature.length && signature.every((byte, index) => data[at + index] === byte);
}

/** The mime type of PNG, JPEG, GIF or WebP bytes; undefined for anything else. */
export function detectImageType(data: Uint8Array): string | undefined {
  if (startsWith(data, PNG)) return 'image/png';
  if (startsWith(data, JPEG)) return 'image/jpeg';
  if (startsWith(data, GIF87A) || startsWith(data, GIF89A)) return 'image/gif';
  if (startsWith(data, RIFF) && startsWith(data, WEBP, 8)) return 'image/webp';
  return undefined;
}
