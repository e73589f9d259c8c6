// A product's picture replacement and its serial numbers (features/products/product-picture.svelte.ts,
// serials.svelte.ts) against a fake bridge: a file too large or of another type is refused here and
// nothing is sent; a good one goes as base64 and the picture is read again at once; main's refusal is
// kept as the field's problem. Serials: a typed serial goes to the chosen warehouse; an empty one, one
// without a warehouse, or one already added here sends nothing; main's refusals name the field; the
// list's chosen row follows the serial when the list is read again; a removal goes through main.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SerialEntry } from '../../src-shared/ipc/schemas/product-extras.js';
import {
  checkChosenFile,
  ProductPicture,
  toBase64,
  type ChosenFile,
} from '../../src-renderer/features/products/product-picture.svelte.js';
import { SerialsState } from '../../src-renderer/features/products/serials.svelte.js';
import { FakeBridge, ok, refused } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function file(type: string, bytes: Uint8Array, size = bytes.length): ChosenFile {
  return {
    name: 'shelf.png',
    type,
    size,
    arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
  };
}

function entry(
  name: string,
  result: SerialEntry['result'],
  action: SerialEntry['action'] = 'add',
): SerialEntry {
  return { name, warehouseCode: 'W0001', action, operationId: 1, at: 1, result, text: null };
}

describe('ProductPicture', () => {
  const OLD_IMAGE = ok({ dataUrl: 'data:image/png;base64,OLD', fromCache: false });
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = new FakeBridge();
  });

  it('refuses a file too large or not a picture before sending anything', async () => {
    const picture = new ProductPicture(7, bridge);
    expect(await picture.replace(file('image/png', PNG_SIGNATURE, 2 * 1024 * 1024 + 1))).toBe(false);
    expect(picture.problem).toEqual({ kind: 'tooLarge', bytes: 2 * 1024 * 1024 + 1 });
    expect(await picture.replace(file('image/gif', PNG_SIGNATURE))).toBe(false);
    expect(picture.problem).toEqual({ kind: 'wrongType' });
    expect(bridge.argsOf('catalogue.replaceImage')).toEqual([]);
    expect(checkChosenFile({ size: 2 * 1024 * 1024, type: 'image/webp' })).toBeNull();
    expect(checkChosenFile({ size: 0, type: 'image/jpeg' })).toEqual({ kind: 'unreadable' });
  });

  it('sends the bytes as base64, shows the new picture at once with its upload waiting', async () => {
    bridge
      .answer('catalogue.pictureUpload', ok(null))
      .answer(
        'catalogue.productImage',
        OLD_IMAGE,
        ok({ dataUrl: 'data:image/png;base64,NEW', fromCache: true }),
      )
      .answer('catalogue.replaceImage', ok({ operationId: 41, sendState: 'waitingToSend', problem: null }));
    const picture = new ProductPicture(7, bridge);
    await picture.load();
    expect(picture.image).toEqual({ dataUrl: 'data:image/png;base64,OLD', fromCache: false });
    expect(await picture.replace(file('image/png', PNG_SIGNATURE))).toBe(true);
    expect(bridge.argsOf('catalogue.replaceImage')).toEqual([
      { productId: 7, fileName: 'shelf.png', type: 'image/png', dataBase64: 'iVBORw0KGgo=' },
    ]);
    expect(picture.image).toEqual({ dataUrl: 'data:image/png;base64,NEW', fromCache: true });
    expect(picture.upload).toEqual({ operationId: 41, sendState: 'waitingToSend', problem: null });
    expect(picture.problem).toBeNull();
  });

  it("keeps main's refusal of the bytes as the field's problem", async () => {
    const picture = new ProductPicture(7, bridge);
    bridge.answer(
      'catalogue.replaceImage',
      // No issues: a refusal naming no field is kept in main's words.
      refused('not-found', 'No product 7 in the local catalogue.'),
      {
        ok: false,
        error: {
          code: 'invalid-arguments',
          message: 'The file is not a JPEG, PNG or WebP picture.',
          issues: [{ path: 'type', message: 'The file is not a JPEG, PNG or WebP picture.' }],
        },
      },
    );
    expect(await picture.replace(file('image/png', new Uint8Array([1, 2, 3])))).toBe(false);
    expect(picture.problem).toEqual({ kind: 'failed', message: 'No product 7 in the local catalogue.' });
    expect(await picture.replace(file('image/png', new Uint8Array([1, 2, 3])))).toBe(false);
    expect(picture.problem).toEqual({ kind: 'wrongType' });
  });

  it('reads the picture again once its upload is no longer shown', async () => {
    const picture = new ProductPicture(7, bridge);
    bridge
      .answer('catalogue.productImage', OLD_IMAGE)
      .answer(
        'catalogue.pictureUpload',
        ok({ operationId: 41, sendState: 'waitingToSend', problem: null }),
        ok(null),
      );
    await picture.load();
    const imageReads = bridge.argsOf('catalogue.productImage').length;
    await picture.reloadUpload();
    expect(picture.upload).toBeNull();
    expect(bridge.argsOf('catalogue.productImage')).toHaveLength(imageReads + 1);
  });

  it('encodes large files in chunks', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 251);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('SerialsState', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    bridge = new FakeBridge().answer('serials.list', ok([entry('SN-OLD', 'added')]));
  });

  it('adds a serial in the chosen warehouse and shows the list main answers', async () => {
    const serials = new SerialsState(7, bridge);
    await serials.load();
    bridge.answer('serials.add', ok([entry('SN-1', 'waiting'), entry('SN-OLD', 'added')]));
    expect(await serials.add('  SN-1 ', 'W0002')).toBe(true);
    expect(bridge.argsOf('serials.add')).toEqual([{ productId: 7, warehouseCode: 'W0002', names: ['SN-1'] }]);
    expect(serials.entries.map((shown) => [shown.name, shown.result])).toEqual([
      ['SN-1', 'waiting'],
      ['SN-OLD', 'added'],
    ]);
  });

  it('sends nothing for an empty serial, no warehouse, or a serial already added here', async () => {
    const serials = new SerialsState(7, bridge);
    await serials.load();
    expect(await serials.add('   ', 'W0001')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'empty' });
    expect(await serials.add('SN-2', '')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'noWarehouse' });
    expect(await serials.add('SN-OLD', 'W0001')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'repeated', name: 'SN-OLD' });
    expect(await serials.add('x'.repeat(101), 'W0001')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'tooLong' });
    expect(bridge.argsOf('serials.add')).toEqual([]);
    serials.edited();
    expect(serials.problem).toBeNull();
  });

  it('names the field main refused: the warehouse, or the repeated serial', async () => {
    const serials = new SerialsState(7, bridge);
    const refusal = (path: string) => ({
      ok: false as const,
      error: { code: 'invalid-arguments' as const, message: 'no', issues: [{ path, message: 'no' }] },
    });
    bridge.answer('serials.add', refusal('warehouseCode'), refusal('names.0'));
    expect(await serials.add('SN-3', 'W0009')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'unknownWarehouse' });
    expect(await serials.add('SN-3', 'W0001')).toBe(false);
    expect(serials.problem).toEqual({ kind: 'repeated', name: 'SN-3' });
  });

  it('removes the chosen serial through main; the choice follows it in the new list', async () => {
    bridge = new FakeBridge().answer(
      'serials.list',
      ok([entry('SN-A', 'added'), entry('SN-B', 'duplicate'), entry('SN-C', 'refused')]),
    );
    const serials = new SerialsState(7, bridge);
    await serials.load();
    serials.move(1);
    serials.move(1);
    expect(serials.selectedEntry?.name).toBe('SN-B');
    expect(serials.removable(entry('SN-C', 'refused'))).toBe(false);
    expect(serials.removable(entry('SN-A', 'removed', 'remove'))).toBe(false);
    bridge.answer(
      'serials.remove',
      ok([entry('SN-B', 'waiting', 'remove'), entry('SN-A', 'added'), entry('SN-C', 'refused')]),
    );
    expect(await serials.remove('SN-B')).toBe(true);
    expect(bridge.argsOf('serials.remove')).toEqual([{ productId: 7, name: 'SN-B' }]);
    expect(serials.selectedEntry).toMatchObject({ name: 'SN-B', action: 'remove' });
  });
});
