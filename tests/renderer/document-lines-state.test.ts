// The shared line editor's state against a fake bridge: scans add a line or 1 to the product's line,
// the picker searches the catalogue (Up/Down, Enter), lines start at the owner's chosen price, figures
// are main's preview of what is typed, and refusals go to the owner by path.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentLinesPreview, IpcIssue } from '../../src-shared/ipc/index.js';
import { ipcFail } from '../../src-shared/ipc/index.js';
import { DocumentLinesEditor } from '../../src-renderer/components/document-lines.svelte.js';
import { FakeBridge, ok, refused, settled } from './support/fake-bridge.js';
import { productSummary } from './support/fixtures.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

const preview: DocumentLinesPreview = {
  vatType: 'noVat',
  subtotal: 30,
  discountAmount: 0,
  shippingAmount: 0,
  shippingAmountPretax: 0,
  shippingAmountVat: 0,
  amount: 30,
  amountPretax: 30,
  vatAmount: 0,
  lines: [{ unitDiscount: 0, discountAmount: 0, totalPrice: 30, totalPricePretax: 30, totalPriceVat: 0 }],
};

const product = (id: number) => ({ ...productSummary(id), sellprice: 10 * id, purchaseprice: 6 * id });

let bridge: FakeBridge;
let previewed: Array<readonly IpcIssue[] | undefined>;

beforeEach(() => {
  bridge = new FakeBridge().answer('documents.previewLines', ok(preview));
  previewed = [];
});

function editorFor(priceField: 'sellprice' | 'purchaseprice' = 'sellprice') {
  return new DocumentLinesEditor({ priceField, onPreviewed: (issues) => previewed.push(issues) }, bridge);
}

describe('DocumentLinesEditor', () => {
  it('adds a line for a scanned product at its sell price, and 1 more for the same product', async () => {
    bridge.answer('catalogue.lookup', ok(product(3)), ok(product(3)), ok(product(5)));
    const editor = editorFor();
    expect(await editor.scan('885000000003')).toBe(true);
    expect(await editor.scan('885000000003')).toBe(true);
    expect(await editor.scan('885000000005')).toBe(true);
    await editor.settlePreview();

    expect(editor.lines.map((line) => [line.productId, line.quantity, line.unitPrice])).toEqual([
      [3, '2', '30'],
      [5, '1', '50'],
    ]);
    expect(editor.lastTouched).toBe(1);
    expect(bridge.argsOf('documents.previewLines').at(-1)).toMatchObject({
      lines: [
        { productId: 3, quantity: 2, unitPrice: 30, discount: '' },
        { productId: 5, quantity: 1, unitPrice: 50, discount: '' },
      ],
      vatType: 'noVat',
      shippingAmount: 0,
      shippingVat: false,
    });
    expect(editor.preview).toEqual(preview);
    expect(previewed.at(-1)).toBeUndefined();
  });

  it('starts lines at the purchase price when the owner asks (return purchase orders)', async () => {
    bridge.answer('catalogue.lookup', ok(product(4)));
    const editor = editorFor('purchaseprice');
    await editor.scan('x');
    expect(editor.lines[0]?.unitPrice).toBe('24');
  });

  it('says so for an unknown code and adds nothing', async () => {
    bridge.answer('catalogue.lookup', ok(null));
    const editor = editorFor();
    expect(await editor.scan('999')).toBe(false);
    expect(editor.problem).toEqual({ kind: 'unknownCode', code: '999' });
    expect(editor.lines).toEqual([]);
  });

  it('searches as typed; Up/Down move the choice and Enter adds it, clearing the picker', async () => {
    bridge.answer('catalogue.search', ok([product(1), product(2), product(3)]));
    const editor = editorFor();
    editor.setSearch('tape');
    await settled();
    expect(bridge.argsOf('catalogue.search')).toEqual([{ text: 'tape', limit: 8 }]);
    expect(editor.highlighted).toBe(0);
    editor.moveHighlight(1);
    editor.moveHighlight(1);
    editor.moveHighlight(1);
    expect(editor.highlighted).toBe(0);
    editor.moveHighlight(-1);
    expect(editor.highlighted).toBe(2);
    expect(editor.pickHighlighted()).toBe(true);
    expect(editor.lines.map((line) => line.productId)).toEqual([3]);
    expect(editor.searchText).toBe('');
    expect(editor.results).toEqual([]);
    expect(editor.pickHighlighted()).toBe(false);
  });

  it('sends typed figures as numbers, a refused one as typed for main to name, and hands refusals to the owner', async () => {
    const issues = [{ path: 'lines.0.quantity', message: 'must be a number' }];
    bridge
      .answer('catalogue.lookup', ok(product(2)))
      .answer('documents.previewLines', ok(preview), ipcFail('invalid-arguments', 'bad', { issues }));
    const editor = editorFor();
    await editor.scan('x');
    await editor.settlePreview();
    editor.setLine(0, 'quantity', 'two');
    editor.setLine(0, 'discount', ' 10% ');
    editor.setSetting('shippingAmount', '1,070.50');
    editor.setShippingVat(true);
    editor.setVatType('includeVat');
    await editor.settlePreview();

    const sent = bridge.argsOf('documents.previewLines').at(-1);
    expect(sent?.lines?.[0]?.quantity).toBe('two');
    expect(sent).toMatchObject({
      lines: [{ discount: '10%' }],
      vatType: 'includeVat',
      shippingAmount: 1070.5,
      shippingVat: true,
    });
    expect(editor.preview).toBeNull();
    expect(previewed.at(-1)).toEqual(issues);
  });

  it('starts from a document being edited and previews it at once; removing every line is refused by path', async () => {
    const editor = new DocumentLinesEditor(
      {
        priceField: 'sellprice',
        initial: {
          lines: [
            {
              productId: 7,
              sku: 'S7',
              name: 'Seven',
              unitText: 'box',
              quantity: 2.5,
              unitPrice: 12.1,
              discount: '1',
            },
          ],
          vatType: 'excludeVat',
          discount: '5%',
          shippingAmount: 40,
          shippingVat: true,
        },
        onPreviewed: (issues) => previewed.push(issues),
      },
      bridge,
    );
    await editor.settlePreview();
    expect(editor.lines[0]).toMatchObject({ quantity: '2.5', unitPrice: '12.1', discount: '1' });
    expect(editor.settings).toEqual({
      vatType: 'excludeVat',
      discount: '5%',
      shippingAmount: '40',
      shippingVat: true,
    });
    expect(bridge.argsOf('documents.previewLines')).toHaveLength(1);

    editor.removeLine(0);
    await editor.settlePreview();
    expect(bridge.argsOf('documents.previewLines')).toHaveLength(1);
    expect(previewed.at(-1)).toEqual([{ path: 'lines', message: 'needs at least one line' }]);
  });

  it('says the lookup failed when main cannot answer', async () => {
    bridge.answer('catalogue.lookup', refused('internal', 'boom'));
    const editor = editorFor();
    expect(await editor.scan('1')).toBe(false);
    expect(editor.problem).toEqual({ kind: 'failed', message: 'boom' });
  });
});
