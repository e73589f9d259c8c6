// The print dialog's job (features/printing/print-job.svelte.ts) against a fake bridge and a fake
// print host: the model main builds is what the print root shows; a title change asks again with it;
// Print waits for the embedded font before printing; Save as PDF prints where the shell cannot make a
// file, and says where the file went where it can; main's refusal is shown.
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The page's language lives in lib/i18n, which remembers it in localStorage and on <html lang>: the
// little of both it touches, in Node.
vi.hoisted(() => {
  const stored = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
});
import type { CallValue } from '../../src-shared/ipc/index.js';
import {
  PrintJob,
  printedNow,
  type PrintHost,
} from '../../src-renderer/features/printing/print-job.svelte.js';
import {
  printAmount,
  printDate,
  printDateTime,
  printSigned,
} from '../../src-renderer/features/printing/print-words.js';
import { printedQuotationStatusWords } from '../../src-renderer/features/documents/documents-strings.js';
import { printedStatusWords } from '../../src-renderer/features/money/money-words.js';
import { statusWords as returnStatusWords } from '../../src-renderer/features/returns/returns-words.js';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { FakeBridge, held, ok, refused, settled } from './support/fake-bridge.js';

vi.mock('../../src-renderer/lib/api.js', () => import('./support/no-page-bridge.js'));

type Printed = CallValue<'print.moneyRecord'>;

function printed(title: Printed['title']): Printed {
  return {
    kind: 'income',
    title,
    number: 'RC-1',
    date: '2026-11-20',
    status: 'Paid',
    draft: false,
    seller: { name: 'ร้าน', address: '', taxId: '', phone: '', email: '' },
    party: null,
    reference: 'RC-1',
    description: '',
    lines: [],
    vatType: 'noVat',
    subtotal: 0,
    discount: '',
    discountAmount: 0,
    shipping: 0,
    pretax: 0,
    vat: 0,
    total: 0,
    payments: [],
    paid: 0,
  };
}

class FakeHost implements PrintHost {
  readonly steps: string[] = [];
  fonts = held<void>();
  fontsReady(): Promise<void> {
    this.steps.push('fonts');
    return this.fonts.promise;
  }
  print(): void {
    this.steps.push('print');
  }
}

let bridge: FakeBridge;
let host: FakeHost;

beforeEach(() => {
  bridge = new FakeBridge();
  host = new FakeHost();
});

describe('PrintJob', () => {
  it('shows main’s model in the print root, asks again with the title chosen, and clears on close', async () => {
    bridge.answer('print.moneyRecord', ok(printed('receipt')), (args) =>
      ok(printed(args.title ?? 'receipt')),
    );
    const job = new PrintJob(
      { kind: 'money', id: 7, recordKind: 'income', statusWords: printedStatusWords },
      bridge,
      host,
    );
    expect(job.titles).toEqual(['receipt', 'taxInvoiceReceipt', 'invoice']);
    expect(job.title).toBe('receipt');
    await job.load();
    // The paper says the status in the words of the page that opened the dialog.
    expect(printedNow.model).toEqual({
      kind: 'document',
      document: printed('receipt'),
      statusWords: printedStatusWords,
    });

    await job.chooseTitle('taxInvoiceReceipt');
    expect(bridge.argsOf('print.moneyRecord')).toEqual([
      { id: 7, title: 'receipt' },
      { id: 7, title: 'taxInvoiceReceipt' },
    ]);
    expect(printedNow.model).toEqual({
      kind: 'document',
      document: printed('taxInvoiceReceipt'),
      statusWords: printedStatusWords,
    });
    expect(job.fileName()).toBe('Tax invoice / Receipt RC-1.pdf');

    job.close();
    expect(printedNow.model).toBeNull();
  });

  it('a quotation and a return ask main for their own printables, with no title to pick', async () => {
    const quotation: Printed = { ...printed('quotation'), kind: 'quotation', number: 'WH-Q0001' };
    const purchaseReturn: Printed = {
      ...printed('returnPurchaseOrder'),
      kind: 'returnPurchaseOrder',
      number: 'RT-WH-00001',
    };
    bridge.answer('print.quotation', ok(quotation)).answer('print.returnPurchaseOrder', ok(purchaseReturn));
    const quotationJob = new PrintJob(
      { kind: 'quotation', id: 4, statusWords: printedQuotationStatusWords },
      bridge,
      host,
    );
    expect(quotationJob.titles).toEqual([]);
    await quotationJob.load();
    expect(printedNow.model).toEqual({
      kind: 'document',
      document: quotation,
      statusWords: printedQuotationStatusWords,
    });
    expect(quotationJob.fileName()).toBe('Quotation WH-Q0001.pdf');
    quotationJob.close();
    const returnJob = new PrintJob(
      { kind: 'returnPurchaseOrder', id: 9, statusWords: returnStatusWords },
      bridge,
      host,
    );
    await returnJob.load();
    expect(printedNow.model).toEqual({
      kind: 'document',
      document: purchaseReturn,
      statusWords: returnStatusWords,
    });
    expect(returnJob.fileName()).toBe('Purchase return RT-WH-00001.pdf');
    expect(bridge.argsOf('print.quotation')).toEqual([{ id: 4 }]);
    expect(bridge.argsOf('print.returnPurchaseOrder')).toEqual([{ id: 9 }]);
    returnJob.close();
  });

  it('prints only once the print font is loaded', async () => {
    bridge.answer('print.countSheet', ok({ ...sheet(), blind: true }));
    const job = new PrintJob({ kind: 'countSheet', sessionId: 's-1' }, bridge, host);
    expect(job.titles).toEqual([]);
    await job.load();
    const printing = job.print();
    await settled();
    expect(host.steps).toEqual(['fonts']);
    host.fonts.release();
    await printing;
    expect(host.steps).toEqual(['fonts', 'print']);
    expect(job.fileName()).toBe('Count sheet รอบ 1.pdf');
    job.close();
  });

  it('Save as PDF prints where the shell cannot make the file, and says where it went where it can', async () => {
    host.fonts.release();
    bridge
      .answer('print.varianceReport', ok(report()))
      .answer(
        'print.savePdf',
        ok({ available: false, saved: false, path: null }),
        ok({ available: true, saved: true, path: '/home/a/report.pdf' }),
      );
    const job = new PrintJob({ kind: 'varianceReport', sessionId: 's-1' }, bridge, host);
    await job.load();
    await job.savePdf();
    expect(host.steps).toEqual(['fonts', 'print']);
    await job.savePdf();
    expect(host.steps).toEqual(['fonts', 'print', 'fonts']);
    expect(job.message).toBe('Saved as /home/a/report.pdf');
    expect(bridge.argsOf('print.savePdf')[0]).toEqual({ fileName: 'Count variance report รอบ 1.pdf' });
    job.close();
  });

  it('shows main’s refusal and prints nothing', async () => {
    bridge.answer('print.countSheet', refused('not-found', 'No session s-9'));
    const job = new PrintJob({ kind: 'countSheet', sessionId: 's-9' }, bridge, host);
    await job.load();
    expect(job.error).toEqual({
      sentence: 'What this names is no longer there. Reload the page, then try again.',
      details: 'No session s-9',
    });
    expect(job.model).toBeNull();
    await job.print();
    expect(host.steps).toEqual([]);
  });
});

describe('print words', () => {
  it('writes dates, amounts and statuses as the paper prints them in each language', () => {
    locale.set('en');
    expect(printDate('2026-11-20')).toBe('20 Nov 2026');
    expect(printDateTime('2026-11-20 09:05')).toBe('20 Nov 2026 09:05');
    expect(printAmount(1234.5)).toBe('1,234.50');
    expect(printSigned(-9, printAmount)).toBe('-9.00');
    // The words the app's own pages use for each kind, which each page hands its print dialog (issue
    // 20, point 12: a quotation printed "สำเร็จ" where the app says "อนุมัติแล้ว").
    expect(printedStatusWords('Pending')).toBe('Pending');
    expect(printedQuotationStatusWords('Success')).toBe('Approved');
    expect(returnStatusWords('Success')).toBe('Success (goods out)');
    expect(printedQuotationStatusWords('Approved later')).toBe('Approved later');
    expect(printedStatusWords('Paid later')).toBe('Paid later');
    locale.set('th');
    // Thai dates in the Buddhist era, as Thai documents write them.
    expect(printDate('2026-11-20')).toBe('20 พ.ย. 2569');
    expect(printedStatusWords('Paid')).toBe('ชำระแล้ว');
    expect(printedQuotationStatusWords('Success')).toBe('อนุมัติแล้ว');
    expect(printedQuotationStatusWords('Voided')).toBe('ยกเลิก');
    expect(returnStatusWords('Voided')).toBe('ยกเลิกแล้ว');
    expect(printDate('not a date')).toBe('not a date');
    locale.set('en');
  });
});

function head() {
  return {
    storeName: 'ร้าน',
    sessionName: 'รอบ 1',
    warehouseCode: 'W0001',
    warehouseName: '',
    startedBy: null,
    printedAt: '2026-11-20 10:00',
  };
}

function sheet(): CallValue<'print.countSheet'> {
  return { ...head(), blind: false, rows: [] };
}

function report(): CallValue<'print.varianceReport'> {
  return {
    ...head(),
    rows: [],
    totals: {
      countedLines: 0,
      linesWithVariance: 0,
      varianceUnits: 0,
      varianceValue: 0,
      notCounted: 0,
      unknownCodes: 0,
    },
  };
}
