// File attachments on orders, purchase orders and quotations (spec: "File attachments").
import { z } from 'zod';
import { endpoint } from '../define.js';
import { FileContent, FileDetail } from '../records.js';
import { query } from '../wire.js';

/** The three operations every attachment kind has, named by the spec's pattern. */
function attachmentEndpoints<const K extends string>(kind: K, label: string) {
  return {
    list: endpoint({
      name: `Get${kind}Files`,
      method: 'GET',
      path: `/v4/${kind}/Get${kind}Files`,
      summary: `List the files attached to ${label} (a bare JSON array).`,
      parent: 'idOrNumber',
      response: { kind: 'fileList', item: FileContent },
    }),
    detail: endpoint({
      name: `Get${kind}FileDetail`,
      method: 'GET',
      path: `/v4/${kind}/Get${kind}FileDetail`,
      summary: `Read one file attached to ${label}, with Base64 content.`,
      parent: 'idOrNumber',
      query: z.object({ fileid: query.int() }),
      // The spec shows no answer for file details: flat or listed, both are read.
      response: { kind: 'fileDetail', record: FileDetail, mayBeListed: true },
    }),
    add: endpoint({
      name: `Add${kind}File`,
      method: 'POST',
      path: `/v4/${kind}/Add${kind}File`,
      summary: `Attach a file to ${label} (multipart part named file).`,
      parent: 'idOrNumber',
      upload: true,
      response: { kind: 'write', created: false },
    }),
  };
}

const order = attachmentEndpoints('Order', 'an order');
const purchaseOrder = attachmentEndpoints('PurchaseOrder', 'a purchase order');
const quotation = attachmentEndpoints('Quotation', 'a quotation');

export const fileEndpoints = {
  GetOrderFiles: order.list,
  GetOrderFileDetail: order.detail,
  AddOrderFile: order.add,
  GetPurchaseOrderFiles: purchaseOrder.list,
  GetPurchaseOrderFileDetail: purchaseOrder.detail,
  AddPurchaseOrderFile: purchaseOrder.add,
  GetQuotationFiles: quotation.list,
  GetQuotationFileDetail: quotation.detail,
  AddQuotationFile: quotation.add,
};
