// Answers of main's documents.* calls for the quotations' state tests.
import type { QuotationDetail, QuotationSummary } from '../../../src-shared/ipc/index.js';

export function quotationSummary(id: number, overrides: Partial<QuotationSummary> = {}): QuotationSummary {
  return {
    id,
    serverId: null,
    number: `PC1-Q${String(id).padStart(4, '0')}`,
    date: '2026-11-24',
    status: 'Pending',
    customerName: 'Khun Somchai',
    createdBy: '',
    amount: 100,
    vatAmount: 0,
    sendState: 'waitingToSend',
    waiting: 1,
    ...overrides,
  };
}

export function quotationDetail(id: number, overrides: Partial<QuotationDetail> = {}): QuotationDetail {
  const figures = {
    unitDiscount: 0,
    discountAmount: 0,
    totalPrice: 100,
    totalPricePretax: 100,
    totalPriceVat: 0,
  };
  return {
    ...quotationSummary(id),
    customer: {
      name: 'Khun Somchai',
      idNumber: '',
      phone: '',
      email: '',
      address: '',
      branchName: '',
      branchNo: '',
    },
    reference: '',
    description: '',
    salesChannel: '',
    tags: [],
    approveDate: '',
    uniqueNumber: 'u-1',
    lines: [
      {
        productId: 3,
        sku: 'SKU-3',
        name: 'Rice',
        unitText: 'bag',
        quantity: 2,
        unitPrice: 50,
        discount: '',
        figures,
      },
    ],
    figures: {
      vatType: 'noVat',
      subtotal: 100,
      discountAmount: 0,
      shippingAmount: 0,
      shippingAmountPretax: 0,
      shippingAmountVat: 0,
      amount: 100,
      amountPretax: 100,
      vatAmount: 0,
      lines: [figures],
    },
    discount: '',
    shippingVat: false,
    chain: [{ operationId: 11, write: 'create', sendState: 'waitingToSend', waitingForCreate: false }],
    pulledAt: null,
    ...overrides,
  };
}

export function listing(total: number, offset = 0, count = Math.min(50, total - offset)) {
  return {
    total,
    offset,
    items: Array.from({ length: count }, (_, index) => quotationSummary(offset + index + 1)),
    totals: { count: total, amount: total * 100 },
    coverage: { windowStart: '2026-08-26', lastPulledAt: null },
  };
}
