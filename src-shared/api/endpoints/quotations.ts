// Quotations (spec: "Quotations").
import { z } from 'zod';
import { endpoint, paging, textEnum } from '../define.js';
import { Quotation } from '../records.js';
import { body, query } from '../wire.js';
import { customerFields, documentLine, documentMoneyFields } from './document-bodies.js';

/** Body fields of EditQuotationInfo, which EditQuotation shares (spec: Quotations 5 and 6). */
const quotationInfoFields = {
  number: body.string().min(1, { error: 'must not be empty' }).optional(),
  ...customerFields,
  quotationdate: body.date().optional(),
  reference: body.string().optional(),
  saleschannel: body.string().optional(),
  description: body.string().optional(),
  tag: body.stringArray().optional(),
};

const tagQuery = z.object({ tag: query.string().min(1, { error: 'is required' }) });

export const quotationEndpoints = {
  GetQuotations: endpoint({
    name: 'GetQuotations',
    method: 'GET',
    path: '/v4/Quotation/GetQuotations',
    summary: 'List quotations, newest first, with the total amount of the matching quotations.',
    query: z.object({
      quotationafter: query.date().optional(),
      quotationbefore: query.date().optional(),
      ...paging,
      keyword: query.string().optional(),
      status: query
        .string()
        .regex(/^\s*[01]\s*(,\s*[01]\s*)*$/, {
          error: 'must be comma-separated codes 0 (Pending) and 1 (Success)',
        })
        .optional(),
      createusername: query.string().optional(),
      fromamount: query.double().optional(),
      toamount: query.double().optional(),
      updatedatetimeafter: query.datetime().optional(),
      updatedatetimebefore: query.datetime().optional(),
      createdatetimeafter: query.datetime().optional(),
      createdatetimebefore: query.datetime().optional(),
      updatedafter: query.date().optional(),
      updatedbefore: query.date().optional(),
      createdafter: query.date().optional(),
      createdbefore: query.date().optional(),
    }),
    headerLists: { quotationidlist: 'int', numberlist: 'string' },
    response: { kind: 'list', item: Quotation, totals: ['totalAmount'] },
  }),
  GetQuotationDetail: endpoint({
    name: 'GetQuotationDetail',
    method: 'GET',
    path: '/v4/Quotation/GetQuotationDetail',
    summary: 'Read one quotation by id or number.',
    parent: 'idOrNumber',
    response: { kind: 'detail', record: Quotation },
  }),
  AddQuotation: endpoint({
    name: 'AddQuotation',
    method: 'POST',
    path: '/v4/Quotation/AddQuotation',
    summary: 'Create a quotation; a repeated uniquenumber answers 900 and creates nothing.',
    idempotent: true,
    query: z.object({ uniquenumber: query.string().min(1, { error: 'must not be empty' }).optional() }),
    body: z.object({
      ...quotationInfoFields,
      number: body.string().min(1, { error: 'is required' }),
      ...documentMoneyFields,
      status: textEnum(['Pending', 'Success']).optional(),
      list: z.array(documentLine).optional(),
    }),
    response: { kind: 'write', created: true },
  }),
  ApproveQuotation: endpoint({
    name: 'ApproveQuotation',
    method: 'POST',
    path: '/v4/Quotation/ApproveQuotation',
    summary: 'Approve a quotation (it becomes Success); approvedate sets the approval date.',
    parent: 'idOrNumber',
    query: z.object({ approvedate: query.date().optional() }),
    response: { kind: 'write', created: false },
  }),
  EditQuotationInfo: endpoint({
    name: 'EditQuotationInfo',
    method: 'POST',
    path: '/v4/Quotation/EditQuotationInfo',
    summary: "Edit a quotation's customer and header fields.",
    parent: 'idOrNumber',
    body: z.object(quotationInfoFields),
    response: { kind: 'write', created: false },
  }),
  EditQuotation: endpoint({
    name: 'EditQuotation',
    method: 'POST',
    path: '/v4/Quotation/EditQuotation',
    summary: "Edit a quotation's fields, money and lines.",
    parent: 'idOrNumber',
    body: z.object({
      ...quotationInfoFields,
      ...documentMoneyFields,
      list: z.array(documentLine).optional(),
    }),
    response: { kind: 'write', created: false },
  }),
  VoidQuotation: endpoint({
    name: 'VoidQuotation',
    method: 'POST',
    path: '/v4/Quotation/VoidQuotation',
    summary: 'Void a quotation.',
    parent: 'idOrNumber',
    response: { kind: 'write', created: false },
  }),
  AddQuotationTag: endpoint({
    name: 'AddQuotationTag',
    method: 'POST',
    path: '/v4/Quotation/AddQuotationTag',
    summary: 'Add a tag to a quotation.',
    parent: 'idOrNumber',
    query: tagQuery,
    response: { kind: 'write', created: false },
  }),
  DeleteQuotationTag: endpoint({
    name: 'DeleteQuotationTag',
    method: 'POST',
    path: '/v4/Quotation/DeleteQuotationTag',
    summary: 'Remove a tag from a quotation.',
    parent: 'idOrNumber',
    query: tagQuery,
    response: { kind: 'write', created: false },
  }),
};
