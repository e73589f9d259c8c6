// The writes on quotations made from this PC: each is queued through the outbox in the transaction that
// shows its effect on the local row, so the page shows it at once and it is sent exactly once. A write
// on a quotation made here names its create (`afterOperation`), so it waits for it and keeps its order.
import type { Database } from 'better-sqlite3';
import type { ParsedCallArgs, QuotationDraft } from '../../src-shared/ipc/index.js';
import { formatMoney } from '../../src-shared/money/index.js';
import { formatThaiDate } from '../../src-shared/time/index.js';
import type { StoredContact } from '../money/money-rows.js';
import type { OutboxWrites, WriteRequest } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import { computeLines, linesPreview, wireLines, wireMoney } from './document-lines-figures.js';
import type { DocumentNumbers } from './document-numbers.js';
import { fromRow, type QuotationRepository } from './quotation.repository.js';
import type { QuotationFields, QuotationRow, StoredQuotation } from './quotation-rows.js';

type CustomerArgs = QuotationDraft['customer'];
type LinesArgs = Pick<QuotationDraft, 'lines' | 'vatType' | 'discount' | 'shippingAmount' | 'shippingVat'>;
type InfoArgs = ParsedCallArgs<'documents.editQuotationInfo'>;

const invalid = (path: string, message: string) => Refusal.field(path, message, undefined, message);

const EMPTY_CUSTOMER: StoredContact = {
  name: '',
  idNumber: '',
  phone: '',
  email: '',
  address: '',
  branchName: '',
  branchNo: '',
};

function customerBody(customer: StoredContact) {
  return {
    customername: customer.name,
    customeridnumber: customer.idNumber,
    customerphone: customer.phone,
    customeremail: customer.email,
    customeraddress: customer.address,
    customerbranchname: customer.branchName,
    customerbranchno: customer.branchNo,
  };
}

/** The contacts this PC has, by server id (the contacts service's picker). */
export interface ContactLookup {
  byServerId(serverId: number): StoredContact | undefined;
}

export class QuotationWriter {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactLookup,
    private readonly quotations: QuotationRepository,
    private readonly writes: OutboxWrites,
    private readonly numbers: DocumentNumbers,
    private readonly now: () => number,
  ) {}

  /**
   * Saves the quotation here and queues AddQuotation; answers its local id. Its number is taken in the
   * same transaction, so nothing is taken when anything is refused.
   */
  create(draft: QuotationDraft): number {
    const customer = this.#customer(draft.customer);
    const stored = this.#linesStored(draft, {
      customer,
      reference: draft.reference,
      description: draft.description,
      salesChannel: draft.salesChannel,
      tags: [...new Set(draft.tags)],
      approveDate: '',
    });
    const now = this.now();
    const date = draft.date ?? formatThaiDate(now);
    const figures = computeLines(draft);
    return this.quotations.transaction(() => {
      if (draft.number !== undefined) this.#checkNumber(draft.number);
      const number = this.numbers.take(draft.number);
      const body = {
        number,
        ...customerBody(customer),
        quotationdate: date,
        reference: draft.reference,
        saleschannel: draft.salesChannel,
        description: draft.description,
        tag: stored.tags.slice(),
        ...wireMoney(draft, figures),
        list: wireLines(draft, figures),
      };
      const describe =
        `Quotation ${number} ฿${formatMoney(stored.figures.amount)}` +
        (customer.name === '' ? '' : ` — ${customer.name}`);
      const queued = this.writes.enqueue({ kind: 'addQuotation', body, describe });
      const fields: QuotationFields = {
        serverId: null,
        uniqueNumber: queued.uniqueNumber ?? '',
        number,
        docDate: date,
        status: 'Pending',
        createUsername: '',
        stored,
      };
      return this.quotations.insertLocal(fields, queued.operationId, now);
    });
  }

  editInfo(args: InfoArgs): void {
    const row = this.#editable(args.id, 'info');
    if (args.number !== row.number) this.#checkNumber(args.number);
    const fields = fromRow(row);
    const customer = args.customer === undefined ? fields.stored.customer : this.#customer(args.customer);
    const date = args.date ?? row.doc_date;
    this.#write(
      row,
      {
        ...fields,
        number: args.number,
        docDate: date,
        stored: {
          ...fields.stored,
          customer,
          reference: args.reference,
          description: args.description,
          salesChannel: args.salesChannel,
        },
      },
      {
        kind: 'editQuotationInfo',
        args: {
          body: {
            number: args.number,
            ...customerBody(customer),
            quotationdate: date,
            reference: args.reference,
            saleschannel: args.salesChannel,
            description: args.description,
          },
        },
      },
      `Edit the customer and header of quotation ${args.number}`,
    );
  }

  edit(id: number, lines: LinesArgs): void {
    const row = this.#editable(id, 'money');
    const fields = fromRow(row);
    const figures = computeLines(lines);
    const stored = this.#linesStored(lines, fields.stored);
    this.#write(
      row,
      { ...fields, stored },
      {
        kind: 'editQuotation',
        args: { body: { ...wireMoney(lines, figures), list: wireLines(lines, figures) } },
      },
      `Edit the lines of quotation ${row.number}: ฿${formatMoney(stored.figures.amount)}`,
    );
  }

  approve(id: number, date: string | undefined): void {
    const row = this.#editable(id, 'approve');
    const fields = fromRow(row);
    const approveDate = date ?? formatThaiDate(this.now());
    this.#write(
      row,
      { ...fields, status: 'Success', stored: { ...fields.stored, approveDate } },
      { kind: 'approveQuotation', args: { query: { approvedate: approveDate } } },
      `Approve quotation ${row.number} on ${approveDate}`,
    );
  }

  void(id: number): void {
    const row = this.#row(id);
    if (row.status === 'Voided') throw Refusal.conflict(`Quotation ${row.number} is already void.`, 'voided');
    const fields = fromRow(row);
    this.#write(
      row,
      { ...fields, status: 'Voided' },
      { kind: 'voidQuotation', args: {} },
      `Void quotation ${row.number}`,
    );
  }

  tag(id: number, tag: string, add: boolean): void {
    const row = this.#row(id);
    if (row.status === 'Voided') throw Refusal.conflict(`Quotation ${row.number} is void.`, 'voided');
    const fields = fromRow(row);
    const has = fields.stored.tags.includes(tag);
    if (add === has) {
      throw invalid(
        'tag',
        add ? `Quotation ${row.number} already has this tag.` : `Quotation ${row.number} has no such tag.`,
      );
    }
    const tags = add ? [...fields.stored.tags, tag] : fields.stored.tags.filter((held) => held !== tag);
    this.#write(
      row,
      { ...fields, stored: { ...fields.stored, tags } },
      add
        ? { kind: 'addQuotationTag', args: { query: { tag } } }
        : { kind: 'deleteQuotationTag', args: { query: { tag } } },
      add ? `Tag quotation ${row.number} “${tag}”` : `Remove the tag “${tag}” from quotation ${row.number}`,
    );
  }

  /** The local row and the queued write, in one transaction. */
  #write(
    row: QuotationRow,
    fields: QuotationFields,
    request: { kind: string; args: unknown },
    describe: string,
  ): void {
    const target =
      row.operation_id !== null
        ? { afterOperation: row.operation_id }
        : row.server_id !== null
          ? { serverId: row.server_id }
          : undefined;
    if (target === undefined)
      throw Refusal.conflict('This quotation has no server id and no create to wait for.');
    this.quotations.transaction(() => {
      const queued = this.writes.enqueue({ ...request, target, describe } as WriteRequest);
      this.quotations.updateLocal(row.id, fields, queued.operationId);
    });
  }

  #linesStored(
    lines: LinesArgs,
    rest: Omit<
      StoredQuotation,
      'lines' | 'vatType' | 'discount' | 'shippingAmount' | 'shippingVat' | 'figures'
    >,
  ): StoredQuotation {
    const figures = computeLines(lines);
    const body = wireMoney(lines, figures);
    return {
      ...rest,
      lines: lines.lines.map((line) => ({ ...line, discount: line.discount.trim() })),
      vatType: lines.vatType,
      discount: body.discount,
      shippingAmount: body.shippingamount,
      shippingVat: lines.shippingVat,
      figures: linesPreview(lines, figures),
    };
  }

  #row(id: number): QuotationRow {
    const row = this.quotations.find(id);
    if (!row) throw Refusal.notFound(`There is no quotation ${id} on this PC.`);
    return row;
  }

  /** Refuses what the back office would refuse in the quotation's state (sandbox: document-states.ts). */
  #editable(id: number, change: 'info' | 'money' | 'approve'): QuotationRow {
    const row = this.#row(id);
    if (row.status === 'Voided')
      throw Refusal.conflict(`Quotation ${row.number} is void: it cannot change.`, 'voided');
    if (change === 'money' && row.status === 'Success') {
      throw Refusal.conflict(
        `Quotation ${row.number} is approved: its figures stay as the customer accepted them.`,
        'approved',
      );
    }
    if (change === 'approve' && row.status === 'Success') {
      throw Refusal.conflict(`Quotation ${row.number} is approved already.`, 'approved');
    }
    return row;
  }

  #checkNumber(number: string): void {
    if (this.quotations.numberTaken(number))
      throw invalid('number', `Another quotation has the number ${number}.`);
  }

  #customer(customer: CustomerArgs): StoredContact {
    if (customer === undefined) return EMPTY_CUSTOMER;
    if (customer.contactId !== undefined) {
      const found = this.contacts.byServerId(customer.contactId);
      if (!found) throw invalid('customer.contactId', 'This contact is not on this PC any more.');
      const { name, idNumber, phone, email, address, branchName, branchNo } = found;
      return { name, idNumber, phone, email, address, branchName, branchNo };
    }
    const { contactId: _unused, ...typed } = customer;
    return typed;
  }
}
