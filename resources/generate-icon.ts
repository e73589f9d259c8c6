// Draws the app icon (a barcode label on a teal tile) and writes resources/icon.png, the one file
// electron-builder turns into the Windows .ico, the macOS .icns and the Linux icon set.
// Run: npx tsx resources/generate-icon.ts. A test keeps the committed PNG equal to this drawing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from './png.js';

export const ICON_SIZE = 1024;

type Rgba = readonly [number, number, number, number];
const TRANSPARENT: Rgba = [0, 0, 0, 0];
const TILE: Rgba = [15, 118, 110, 255];
const LABEL: Rgba = [255, 255, 255, 255];
const BARS: Rgba = [19, 78, 74, 255];

/** Inside a rounded rectangle (all in 0..1 icon units). */
function inRoundedRect(
  x: number,
  y: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
  radius: number,
) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const dx = Math.max(left + radius - x, 0, x - (right - radius));
  const dy = Math.max(top + radius - y, 0, y - (bottom - radius));
  return dx * dx + dy * dy <= radius * radius;
}

// Bar widths in modules, alternating bar and gap, starting with a bar.
const PATTERN = [2, 1, 1, 2, 3, 1, 1, 1, 2, 2, 1, 3, 1, 1, 2, 1, 3];
const MODULES = PATTERN.reduce((sum, width) => sum + width, 0);
const BAR_LEFT = 0.3;
const BAR_RIGHT = 0.7;

function isBar(x: number): boolean {
  if (x < BAR_LEFT || x >= BAR_RIGHT) return false;
  let position = ((x - BAR_LEFT) / (BAR_RIGHT - BAR_LEFT)) * MODULES;
  for (let index = 0; index < PATTERN.length; index++) {
    const width = PATTERN[index] ?? 0;
    if (position < width) return index % 2 === 0;
    position -= width;
  }
  return false;
}

function colourAt(x: number, y: number): Rgba {
  if (!inRoundedRect(x, y, 0.0625, 0.0625, 0.9375, 0.9375, 0.18)) return TRANSPARENT;
  if (!inRoundedRect(x, y, 0.22, 0.28, 0.78, 0.72, 0.05)) return TILE;
  if (y >= 0.36 && y <= 0.6 && isBar(x)) return BARS;
  if (y >= 0.63 && y <= 0.66 && x >= BAR_LEFT && x < BAR_RIGHT) return BARS;
  return LABEL;
}

/** RGBA pixels, each the average of 2×2 samples (smooth edges). */
function render(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const offsets = [0.25, 0.75];
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      // Premultiplied sums, so transparent samples do not darken the edge.
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (const oy of offsets) {
        for (const ox of offsets) {
          const [r, g, b, a] = colourAt((column + ox) / size, (row + oy) / size);
          red += (r * a) / 255;
          green += (g * a) / 255;
          blue += (b * a) / 255;
          alpha += a;
        }
      }
      const at = (row * size + column) * 4;
      const unpremultiply = alpha === 0 ? 0 : 255 / alpha;
      pixels[at] = Math.round(red * unpremultiply);
      pixels[at + 1] = Math.round(green * unpremultiply);
      pixels[at + 2] = Math.round(blue * unpremultiply);
      pixels[at + 3] = Math.round(alpha / 4);
    }
  }
  return pixels;
}

/** The icon as a PNG file (8-bit RGBA, deterministic). */
export function renderIconPng(size = ICON_SIZE): Buffer {
  return encodePng(size, size, 'rgba', render(size));
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const target = join(import.meta.dirname, 'icon.png');
  writeFileSync(target, renderIconPng());
  console.log(`Wrote ${target}`);
}
