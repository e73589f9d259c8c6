// Contacts (spec: "Contacts").
import { z } from 'zod';
import { endpoint, paging, requireIdOrKey } from '../define.js';
import { Contact, ContactDetail } from '../records.js';
import { body, query } from '../wire.js';

const contactOptionalFields = {
  idnumber: body.string().optional(),
  phone: body.string().optional(),
  email: body.string().optional(),
  address: body.string().optional(),
  branchname: body.string().optional(),
  branchno: body.string().optional(),
  facebook: body.string().optional(),
  line: body.string().optional(),
  instagram: body.string().optional(),
};

export const contactEndpoints = {
  GetContacts: endpoint({
    name: 'GetContacts',
    method: 'GET',
    path: '/v4/Contact/GetContacts',
    summary: 'List contacts, newest first.',
    query: z.object({ keyword: query.string().optional(), ...paging }),
    headerLists: { contactidlist: 'int' },
    response: { kind: 'list', item: Contact, totals: [] },
  }),
  GetContactDetail: endpoint({
    name: 'GetContactDetail',
    method: 'GET',
    path: '/v4/Contact/GetContactDetail',
    summary: 'Read one contact with sub-contacts and shipping addresses.',
    parent: 'id',
    response: { kind: 'detail', record: ContactDetail },
  }),
  AddContact: endpoint({
    name: 'AddContact',
    method: 'POST',
    path: '/v4/Contact/AddContact',
    summary: 'Create a contact.',
    body: z.object({
      code: body.string().min(1, { error: 'is required' }),
      name: body.string().min(1, { error: 'is required' }),
      ...contactOptionalFields,
      properties: z
        .array(
          z
            .object({
              id: body.int().optional(),
              name: body.string().optional(),
              value: body.string().optional(),
            })
            .superRefine(requireIdOrKey('id', 'name')),
        )
        .optional(),
    }),
    response: { kind: 'write', created: true },
  }),
  UpdateContact: endpoint({
    name: 'UpdateContact',
    method: 'POST',
    path: '/v4/Contact/UpdateContact',
    summary: "Change a contact's fields; code is required.",
    parent: 'id',
    body: z.object({
      code: body.string().min(1, { error: 'is required' }),
      name: body.string().min(1, { error: 'must not be empty' }).optional(),
      ...contactOptionalFields,
    }),
    response: { kind: 'write', created: false },
  }),
};
