// AddSerialNo, DeleteSerialNo and UpdateProductImage over HTTP (multipart for the image).
import { beforeAll, describe, expect, it } from 'vitest';
import { listSerialNumbers, readProductImage } from '../../../src-main/sandbox/resources/products/index.js';
import { detectImageType } from '../../../src-shared/images/image-type.js';
import { addProduct, callVerdict, productDetail, productSandboxForFile } from './products-harness.js';

const sandbox = productSandboxForFile({ maxUploadBytes: 64 * 1024 });
let storeId: number;

beforeAll(() => {
  storeId = sandbox.handle.stores[0]?.id ?? 0;
});

interface SerialData {
  serialsNoSuccess: { id: string; name: string; warehouseCode: string; description: string }[];
  serialsNoFailed: { id: string; name: string; warehouseCode: string; description: string }[];
}

async function addSerials(
  id: number,
  serialsNo: { name: string; warehouseCode: string }[],
): Promise<SerialData> {
  const answer = await sandbox.call('AddSerialNo', { query: { id }, body: { serialsNo } });
  const body = answer.body as { resCode: string; data: SerialData };
  expect(body.resCode).toBe('200');
  return body.data;
}

describe('AddSerialNo', () => {
  it('attaches serials per warehouse; unknown warehouses and duplicates fail with a reason', async () => {
    const id = await addProduct(sandbox);
    const first = await addSerials(id, [
      { name: 'SN-001', warehouseCode: 'W0001' },
      { name: 'SN-002', warehouseCode: 'W0002' },
      { name: 'SN-003', warehouseCode: 'W9' },
      { name: 'SN-001', warehouseCode: 'W0002' },
    ]);
    expect(first.serialsNoSuccess.map(({ name, warehouseCode }) => [name, warehouseCode])).toEqual([
      ['SN-001', 'W0001'],
      ['SN-002', 'W0002'],
    ]);
    expect(first.serialsNoSuccess.every((serial) => /^\d+$/.test(serial.id))).toBe(true);
    expect(first.serialsNoFailed).toEqual([
      { id: '', name: 'SN-003', warehouseCode: 'W9', description: 'Warehouse W9 not found' },
      {
        id: '',
        name: 'SN-001',
        warehouseCode: 'W0002',
        description: expect.stringContaining('already exists') as unknown as string,
      },
    ]);
    const again = await addSerials(id, [{ name: 'SN-002', warehouseCode: 'W0001' }]);
    expect(again.serialsNoSuccess).toEqual([]);
    expect(again.serialsNoFailed).toHaveLength(1);
    expect(listSerialNumbers(sandbox.handle.db, storeId, id).map((serial) => serial.name)).toEqual([
      'SN-001',
      'SN-002',
    ]);
    expect(listSerialNumbers(sandbox.handle.db, storeId, id, 'W0002').map((serial) => serial.name)).toEqual([
      'SN-002',
    ]);
  });

  it('lets another product carry the same serial', async () => {
    const one = await addProduct(sandbox);
    const two = await addProduct(sandbox);
    await addSerials(one, [{ name: 'SHARED', warehouseCode: 'W0001' }]);
    expect(
      (await addSerials(two, [{ name: 'SHARED', warehouseCode: 'W0001' }])).serialsNoSuccess,
    ).toHaveLength(1);
  });

  it('refuses a bad body naming the field, an unknown product with Invalid ID.', async () => {
    const id = await addProduct(sandbox);
    const empty = await callVerdict(sandbox, 'AddSerialNo', { query: { id }, body: { serialsNo: [] } });
    expect(empty.description).toContain('serialsNo');
    const noName = await callVerdict(sandbox, 'AddSerialNo', {
      query: { id },
      body: { serialsNo: [{ warehouseCode: 'W0001' }] },
    });
    expect(noName.description).toContain('serialsNo[0].name');
    const unknown = await callVerdict(sandbox, 'AddSerialNo', {
      query: { id: 999999 },
      body: { serialsNo: [{ name: 'A', warehouseCode: 'W0001' }] },
    });
    expect(unknown.description).toBe('Invalid ID. product 999999 not found');
  });
});

describe('DeleteSerialNo', () => {
  it('removes serials by name and reports names the product does not have', async () => {
    const id = await addProduct(sandbox);
    await addSerials(id, [
      { name: 'D-1', warehouseCode: 'W0001' },
      { name: 'D-2', warehouseCode: 'W0001' },
    ]);
    expect(
      await callVerdict(sandbox, 'DeleteSerialNo', { query: { id }, body: { serialsNo: ['D-1'] } }),
    ).toEqual({
      code: '200',
      description: 'Success',
    });
    expect(
      await callVerdict(sandbox, 'DeleteSerialNo', { query: { id }, body: { serialsNo: ['D-2', 'D-9'] } }),
    ).toEqual({
      code: '200',
      description: 'Success (not found: D-9)',
    });
    expect(listSerialNumbers(sandbox.handle.db, storeId, id)).toEqual([]);
    const sku = (await productDetail(sandbox, id)).sku;
    expect(
      await callVerdict(sandbox, 'DeleteSerialNo', { query: { id }, body: { serialsNo: ['D-1'] } }),
    ).toEqual({
      code: '200',
      description: `Success (nothing changed: product ${sku} has no serial D-1)`,
    });
    const bad = await callVerdict(sandbox, 'DeleteSerialNo', { query: { id }, body: { serialsNo: 'D-1' } });
    expect(bad.description).toContain('serialsNo');
  });
});

// The smallest valid PNG: 1×1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('UpdateProductImage', () => {
  it('stores a PNG, sets imagepath and adds it to imageList; the bytes are readable', async () => {
    const id = await addProduct(sandbox);
    const answer = await sandbox.call('UpdateProductImage', {
      query: { id },
      file: { fileName: 'photo.png', mimeType: 'image/png', data: PNG },
    });
    expect(answer.body).toEqual({ resCode: '200', resDesc: 'Success' });
    const product = await productDetail(sandbox, id);
    expect(product.imagepath).toMatch(new RegExp(`^/images/${storeId}/\\d+$`));
    expect(product.imageList).toEqual([product.imagepath]);
    const imageId = Number(product.imagepath.split('/').at(-1));
    const stored = readProductImage(sandbox.handle.db, imageId);
    expect(stored?.mimeType).toBe('image/png');
    expect(Buffer.compare(stored?.data ?? Buffer.alloc(0), PNG)).toBe(0);
    expect(readProductImage(sandbox.handle.db, imageId, storeId + 1)).toBeUndefined();

    // A second image (sent with a misleading type) becomes imagepath; both stay in imageList.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    await sandbox.call('UpdateProductImage', {
      query: { id },
      file: { fileName: 'photo.bin', mimeType: 'application/octet-stream', data: jpeg },
    });
    const after = await productDetail(sandbox, id);
    expect(after.imageList).toHaveLength(2);
    expect(after.imageList[1]).toBe(after.imagepath);
    expect(readProductImage(sandbox.handle.db, Number(after.imagepath.split('/').at(-1)))?.mimeType).toBe(
      'image/jpeg',
    );
  });

  it('refuses a text file named .png (checked by its bytes) and changes nothing', async () => {
    const id = await addProduct(sandbox);
    const result = await callVerdict(sandbox, 'UpdateProductImage', {
      query: { id },
      file: { fileName: 'photo.png', mimeType: 'image/png', data: 'this is not an image' },
    });
    expect(result).toEqual({ code: '100', description: 'file must be a PNG, JPEG, GIF or WebP image' });
    expect((await productDetail(sandbox, id)).imageList).toEqual([]);
  });

  it('refuses a file over the upload limit (the core) and a request without a file', async () => {
    const id = await addProduct(sandbox);
    const big = Buffer.concat([PNG, Buffer.alloc(65 * 1024)]);
    const tooBig = await callVerdict(sandbox, 'UpdateProductImage', {
      query: { id },
      file: { fileName: 'big.png', mimeType: 'image/png', data: big },
    });
    expect(tooBig.code).toBe('100');
    expect(tooBig.description).toContain('file');
    const none = await callVerdict(sandbox, 'UpdateProductImage', { query: { id } });
    expect(none.code).toBe('100');
    expect(none.description).toContain('file');
    expect((await productDetail(sandbox, id)).imageList).toEqual([]);
  });

  it('answers Invalid ID. for an unknown product', async () => {
    const result = await callVerdict(sandbox, 'UpdateProductImage', {
      query: { id: 999999 },
      file: { fileName: 'a.png', data: PNG },
    });
    expect(result.description).toBe('Invalid ID. product 999999 not found');
  });
});

describe('detectImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their magic numbers, nothing else', () => {
    const ascii = (text: string) => Buffer.from(text, 'latin1');
    expect(detectImageType(PNG)).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectImageType(ascii('GIF89a...'))).toBe('image/gif');
    expect(detectImageType(ascii('GIF87a...'))).toBe('image/gif');
    expect(detectImageType(ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeUndefined();
    expect(detectImageType(ascii('%PDF-1.7'))).toBeUndefined();
    expect(detectImageType(PNG.subarray(0, 4))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
