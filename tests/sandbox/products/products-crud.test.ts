// AddProduct, GetProductDetail, UpdateProduct, ActiveProduct, DisableProduct, DeleteProduct over HTTP.
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  callVerdict,
  freshSku,
  productDetail,
  productSandboxForFile,
} from './products-harness.js';

const sandbox = productSandboxForFile();

describe('AddProduct', () => {
  it('creates a product with every field and answers detail.id', async () => {
    const sku = freshSku('FULL');
    const id = await addProduct(sandbox, {
      name: 'น้ำปลาแท้ ตราหอยนางรม 700 มล.',
      sku,
      description: 'น้ำปลาแท้',
      sellprice: '35.50',
      purchaseprice: '28',
      barcode: '8850000000017',
      unittext: 'ขวด',
      weight: '850',
      width: '7',
      length: '7',
      height: '28',
      category: 'เครื่องปรุง',
      sell_vat_status: 2,
      purchase_vat_status: 1,
      producttype: 0,
      tag: ['ขายดี', ' ขายดี ', 'ใหม่'],
      properties: [
        { name: 'ประเทศผู้ผลิต', value: 'ไทย' },
        { name: 'อายุการเก็บรักษา', value: '24 เดือน' },
      ],
      stock: '12',
    });
    const product = await productDetail(sandbox, id);
    expect(product).toMatchObject({
      id,
      name: 'น้ำปลาแท้ ตราหอยนางรม 700 มล.',
      sku,
      description: 'น้ำปลาแท้',
      sellprice: '35.50',
      purchaseprice: '28',
      barcode: '8850000000017',
      unittext: 'ขวด',
      weight: '850',
      category: 'เครื่องปรุง',
      sell_vat_status: 2,
      purchase_vat_status: 1,
      producttype: 0,
      tag: ['ขายดี', 'ใหม่'],
      active: true,
      stock: '12',
      availablestock: '12',
      imagepath: '',
      imageList: [],
      variationid: 0,
      variant: [],
    });
    expect(product.categoryid).toBeGreaterThan(0);
    expect(product.properties.map(({ name, value }) => [name, value])).toEqual([
      ['ประเทศผู้ผลิต', 'ไทย'],
      ['อายุการเก็บรักษา', '24 เดือน'],
    ]);
  });

  it("puts stock in the store's first warehouse only", async () => {
    const id = await addProduct(sandbox, { stock: '5' });
    expect((await productDetail(sandbox, id, 'W0001')).stock).toBe('5');
    expect((await productDetail(sandbox, id, 'W0002')).stock).toBe('0');
  });

  it('defaults prices and dimensions to "0" and stock to "0"', async () => {
    const product = await productDetail(sandbox, await addProduct(sandbox));
    expect(product).toMatchObject({
      sellprice: '0',
      purchaseprice: '0',
      weight: '0',
      stock: '0',
      availablestock: '0',
    });
  });

  it('reuses a category by name and a property by id', async () => {
    const first = await productDetail(
      sandbox,
      await addProduct(sandbox, { category: 'ขนม', properties: [{ name: 'รส', value: 'หวาน' }] }),
    );
    const propertyId = first.properties[0]?.id ?? 0;
    const second = await productDetail(
      sandbox,
      await addProduct(sandbox, { category: 'ขนม', properties: [{ id: propertyId, value: 'เค็ม' }] }),
    );
    expect(second.categoryid).toBe(first.categoryid);
    expect(second.properties).toEqual([{ id: propertyId, name: 'รส', value: 'เค็ม' }]);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: undefined }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['sku missing', { sku: undefined }, 'sku'],
    ['sku blank', { sku: ' ' }, 'sku'],
    ['sellprice not a number', { sellprice: 'cheap' }, 'sellprice'],
    ['purchaseprice negative', { purchaseprice: '-1' }, 'purchaseprice'],
    ['weight not a number', { weight: '1kg' }, 'weight'],
    ['width not a number', { width: 'x' }, 'width'],
    ['length not a number', { length: 'x' }, 'length'],
    ['height not a number', { height: 'x' }, 'height'],
    ['stock negative', { stock: '-3' }, 'stock'],
    ['stock given as a number', { stock: 3 }, 'stock'],
    ['sell_vat_status out of range', { sell_vat_status: 4 }, 'sell_vat_status'],
    ['purchase_vat_status out of range', { purchase_vat_status: 3 }, 'purchase_vat_status'],
    ['producttype out of range', { producttype: 2 }, 'producttype'],
    ['tag not a list', { tag: 'x' }, 'tag'],
    ['a blank tag', { tag: ['ok', ' '] }, 'tag[1]'],
    ['a tag over 100 characters', { tag: ['ก'.repeat(101)] }, 'tag[0]'],
    ['property without id or name', { properties: [{ value: 'x' }] }, 'properties[0].name'],
    ['property with an unknown id', { properties: [{ id: 999999, value: 'x' }] }, 'properties[0].id'],
  ];

  it.each(refusals)('refuses %s naming the field, and creates nothing', async (_label, change, field) => {
    const sku = freshSku('BAD');
    const body: Record<string, unknown> = { name: 'x', sku, ...change };
    const result = await callVerdict(sandbox, 'AddProduct', { body });
    expect(result.code).toBe('100');
    expect(result.description).toContain(field);
    const list = await sandbox.call('GetProducts', { headers: { skulist: sku } });
    expect((list.body as { count: number }).count).toBe(0);
  });

  it('refuses a sku already used, naming sku and the product', async () => {
    const sku = freshSku('DUP');
    const id = await addProduct(sandbox, { sku });
    const result = await callVerdict(sandbox, 'AddProduct', { body: { name: 'again', sku } });
    expect(result.code).toBe('100');
    expect(result.description).toBe(`sku is already used by product ${id} (${sku})`);
  });

  it('answers Invalid API without credentials and creates nothing', async () => {
    const sku = freshSku('AUTH');
    const answer = await sandbox.call('AddProduct', { as: false, body: { name: 'x', sku } });
    expect(answer.body).toEqual({ resCode: '100', resDesc: 'Invalid API' });
    const read = await sandbox.call('GetProducts', { as: false });
    expect(read.body).toEqual({ res: { resCode: '100', resDesc: 'Invalid API' } });
  });
});

describe('GetProductDetail', () => {
  it('answers Invalid ID. for a missing or unknown id', async () => {
    const missing = await sandbox.call('GetProductDetail');
    expect(missing.body).toEqual({ res: { resCode: '100', resDesc: 'Invalid ID. id is required' } });
    const unknown = await sandbox.call('GetProductDetail', { query: { id: 987654 } });
    expect(unknown.body).toEqual({
      res: { resCode: '100', resDesc: 'Invalid ID. product 987654 not found' },
    });
  });

  it('answers Access Denied. for an unknown warehouse code', async () => {
    const id = await addProduct(sandbox);
    const answer = await sandbox.call('GetProductDetail', { query: { id, warehousecode: 'NOPE' } });
    expect(answer.body).toEqual({ res: { resCode: '100', resDesc: 'Access Denied.' } });
  });
});

describe('UpdateProduct', () => {
  it('changes only the fields given', async () => {
    const id = await addProduct(sandbox, {
      name: 'เดิม',
      sellprice: '10',
      barcode: '111',
      category: 'หมวดเดิม',
      tag: ['a'],
      description: 'd',
    });
    const before = await productDetail(sandbox, id);
    expect(
      await callVerdict(sandbox, 'UpdateProduct', {
        query: { id },
        body: { sellprice: '12.25', tag: ['b', 'c'] },
      }),
    ).toEqual({
      code: '200',
      description: 'Success',
    });
    const after = await productDetail(sandbox, id);
    expect(after).toEqual({ ...before, sellprice: '12.25', tag: ['b', 'c'] });
  });

  it('moves a product to a new category by name, and out of it with an empty name', async () => {
    const id = await addProduct(sandbox, { category: 'ก' });
    await callVerdict(sandbox, 'UpdateProduct', { query: { id }, body: { category: 'ข', name: 'ใหม่' } });
    expect(await productDetail(sandbox, id)).toMatchObject({ category: 'ข', name: 'ใหม่' });
    await callVerdict(sandbox, 'UpdateProduct', { query: { id }, body: { category: '' } });
    expect(await productDetail(sandbox, id)).toMatchObject({ category: '', categoryid: 0 });
  });

  it('refuses bad values naming the field and changes nothing', async () => {
    const id = await addProduct(sandbox, { sellprice: '10' });
    const before = await productDetail(sandbox, id);
    for (const [body, field] of [
      [{ name: '', sellprice: '11' }, 'name'],
      [{ sellprice: 'abc' }, 'sellprice'],
      [{ name: 'ok', weight: '-2' }, 'weight'],
      [{ sell_vat_status: 9 }, 'sell_vat_status'],
    ] as const) {
      const result = await callVerdict(sandbox, 'UpdateProduct', { query: { id }, body });
      expect(result.code).toBe('100');
      expect(result.description).toContain(field);
    }
    expect(await productDetail(sandbox, id)).toEqual(before);
  });

  it('answers Invalid ID. for an unknown product', async () => {
    const result = await callVerdict(sandbox, 'UpdateProduct', {
      query: { id: 999999 },
      body: { name: 'x' },
    });
    expect(result).toEqual({ code: '100', description: 'Invalid ID. product 999999 not found' });
  });
});

describe('ActiveProduct / DisableProduct', () => {
  it('disables and activates; a repeat succeeds and changes nothing', async () => {
    const id = await addProduct(sandbox);
    expect(await callVerdict(sandbox, 'DisableProduct', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await productDetail(sandbox, id)).active).toBe(false);
    expect(await callVerdict(sandbox, 'DisableProduct', { query: { id } })).toEqual({
      code: '200',
      description: 'Success (nothing changed: the product is already disabled)',
    });
    expect((await productDetail(sandbox, id)).active).toBe(false);
    expect(await callVerdict(sandbox, 'ActiveProduct', { query: { id } })).toEqual({
      code: '200',
      description: 'Success',
    });
    expect((await productDetail(sandbox, id)).active).toBe(true);
    expect(await callVerdict(sandbox, 'ActiveProduct', { query: { id } })).toEqual({
      code: '200',
      description: 'Success (nothing changed: the product is already active)',
    });
  });

  it('answers Invalid ID. for a missing or unknown id', async () => {
    expect((await callVerdict(sandbox, 'ActiveProduct')).description).toBe('Invalid ID. id is required');
    expect((await callVerdict(sandbox, 'DisableProduct', { query: { id: 999999 } })).description).toBe(
      'Invalid ID. product 999999 not found',
    );
  });
});
