// The store's money for the page: lists and details from the local copy (works offline), previews from
// src-shared/money, and writes queued through OutboxWrites in the transaction that stores their local
// rows, so a record made here shows at once and is sent exactly once. Returns the contract's shapes.
import type { Database } from 'better-sqlite3';
import type {
  CallValue,
  MoneyChange,
  MoneyDraft,
  MoneyReferenceUse,
  MoneyRecordDetail,
  ParsedCallArgs,
} from '../../src-shared/ipc/index.js';
import { formatMoney, paymentStatus, roundMoney } from '../../src-shared/money/index.js';
import { formatThaiDate, formatThaiDateTime, thaiDayKey } from '../../src-shared/time/index.js';
import type { BackofficeClient } from '../backoffice/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import type { ContactsService } from '../contacts/index.js';
import { Refusal } from '../refusal/refusal.js';
import { computeDraft, createBody, previewOf, vatTypeOf, normalisedDiscount } from './money-figures.js';
import { MoneyRecordRepository } from './money-record.repository.js';
import type { StoredContact } from './money-rows.js';
import type { MoneySync } from './money-sync.js';
import { TransferDetails } from './money-transfer-detail.js';
import { MoneyTransferRepository } from './money-transfer.repository.js';
import { recordDetail, recordSummary, transferView } from './money-views.js';
import type { OutboxWrites } from '../outbox/index.js';

export interface MoneyServiceOptions {
  readonly db: Database;
  readonly writes: OutboxWrites;
  readonly catalogue: CatalogueRepository;
  /** The contacts' search, which money's contact picker reads through. */
  readonly contacts: ContactsService;
  readonly sync: MoneySync;
  /** The reads a person waits on (services/page-reads.ts: they fail fast offline). */
  readonly pageReads: Pick<BackofficeClient, 'call'>;
  readonly now?: () => number;
  /** Called after each record, payment or transfer saved here (the `money.changed` event). */
  readonly onChanged?: (change: MoneyChange) => void;
}

type PaymentArgs = ParsedCallArgs<'money.recordPayment'>;

export class MoneyService {
  readonly #writes: OutboxWrites;
  readonly #catalogue: CatalogueRepository;
  readonly #contacts: ContactsService;
  readonly #sync: MoneySync;
  readonly #transferDetails: TransferDetails;
  readonly #now: () => number;
  readonly #onChanged: ((change: MoneyChange) => void) | undefined;
  readonly #records: MoneyRecordRepository;
  readonly #transfers: MoneyTransferRepository;

  constructor(options: MoneyServiceOptions) {
    this.#writes = options.writes;
    this.#catalogue = options.catalogue;
    this.#contacts = options.contacts;
    this.#sync = options.sync;
    this.#now = options.now ?? Date.now;
    this.#onChanged = options.onChanged;
    this.#records = new MoneyRecordRepository(options.db);
    this.#transfers = new MoneyTransferRepository(options.db);
    this.#transferDetails = new TransferDetails({ ...options, transfers: this.#transfers, now: this.#now });
  }

  list(filter: ParsedCallArgs<'money.list'>): CallValue<'money.list'> {
    const query = { ...filter, keyword: keywordOf(filter.keyword) };
    const rows = this.#records.list(query, filter.limit, filter.offset);
    const open = this.#records.openLocalPayments();
    const standings = this.#writes.standings([
      ...rows.flatMap((row) => (row.operation_id === null ? [] : [row.operation_id])),
      ...open.map((payment) => payment.operation_id),
    ]);
    const waiting = new Map<number, number>();
    for (const payment of open) {
      if (standings.get(payment.operation_id)?.state === 'done') continue;
      waiting.set(payment.record_id, (waiting.get(payment.record_id) ?? 0) + 1);
    }
    const totals = this.#records.totals(query);
    return {
      total: totals.count,
      offset: filter.offset,
      items: rows.map((row) => recordSummary(row, standings, waiting.get(row.id) ?? 0)),
      totals,
      coverage: this.#coverage(),
    };
  }

  detail(id: number): MoneyRecordDetail {
    const row = this.#records.find(id);
    if (!row) throw Refusal.notFound(`There is no income or expense ${id} on this PC.`);
    const payments = this.#records.localPayments(id);
    const standings = this.#writes.standings([
      ...(row.operation_id === null ? [] : [row.operation_id]),
      ...payments.map((payment) => payment.operation_id),
    ]);
    return recordDetail(row, payments, standings);
  }

  preview(draft: MoneyDraft): CallValue<'money.preview'> {
    if (draft.payment) this.#paymentMethod(draft.payment.methodId, 'payment.methodId');
    return { ...previewOf(draft, computeDraft(draft)), referenceUsedBy: this.#referenceUse(draft) };
  }

  /** Another record of the draft's kind with its reference: the page warns before saving. */
  #referenceUse(draft: MoneyDraft): MoneyReferenceUse | null {
    const reference = draft.reference.trim();
    if (reference === '') return null;
    const row = this.#records.findByReference(draft.kind, reference);
    return row === undefined
      ? null
      : {
          recordId: row.id,
          serverId: row.server_id,
          date: row.doc_date,
          contactName: row.contact_name,
          amount: row.amount,
        };
  }

  create(draft: MoneyDraft): MoneyRecordDetail {
    const figures = computeDraft(draft);
    const now = this.#now();
    const date = draft.date ?? formatThaiDate(now);
    const contact = this.#contactOf(draft);
    const payment = draft.payment
      ? {
          methodName: this.#paymentMethod(draft.payment.methodId, 'payment.methodId').name,
          amount: roundMoney(draft.payment.amount),
          paidAt: draft.payment.paidAt ?? formatThaiDateTime(now),
        }
      : null;
    const body = createBody({ draft, figures, contact, date, payment });
    const { document } = figures;
    const words = draft.kind === 'income' ? 'Income' : 'Expense';
    const describe =
      `${words} ฿${formatMoney(document.amount)}${contact?.name ? ` from ${contact.name}` : ''} on ${date}` +
      (payment ? `, paid ฿${formatMoney(payment.amount)} by ${payment.methodName}` : '');
    const id = this.#records.transaction(() => {
      const queued =
        draft.kind === 'income'
          ? this.#writes.enqueue({ kind: 'addIncome', body, describe })
          : this.#writes.enqueue({ kind: 'addExpense', body, describe });
      const recordId = this.#records.insertLocal(
        {
          kind: draft.kind,
          serverId: null,
          uniqueNumber: queued.uniqueNumber ?? '',
          docDate: date,
          contactName: contact?.name ?? '',
          reference: draft.reference,
          description: draft.description,
          vattype: vatTypeOf(draft.vatType),
          amount: document.amount,
          amountPretax: document.amount_pretax,
          vatAmount: document.vatamount,
          serverPaid: 0,
          detail: {
            contact: contact ?? emptyContact(),
            discount: normalisedDiscount(draft.discount),
            lines: previewOf(draft, figures).lines,
            payments: [],
            tags: [],
          },
        },
        queued.operationId,
        now,
      );
      // The payment made with the creation travels in the create itself: it is on the record until the
      // pulled copy carries it, sent (and settled) with its create's operation.
      if (payment) {
        this.#records.addLocalPayment({
          recordId,
          operationId: queued.operationId,
          methodName: payment.methodName,
          amount: payment.amount,
          paidAt: payment.paidAt,
          now,
        });
      }
      return recordId;
    });
    this.#changedHere({ records: 1, transfers: 0 });
    return this.detail(id);
  }

  previewPayment(args: PaymentArgs): CallValue<'money.previewPayment'> {
    const row = this.#record(args.recordId);
    const method = this.#paymentMethod(args.methodId, 'methodId');
    const paidBefore = roundMoney(row.server_paid + row.local_paid);
    const paidAfter = roundMoney(paidBefore + args.amount);
    return {
      amount: roundMoney(args.amount),
      paidBefore,
      paidAfter,
      statusBefore: paymentStatus(row.amount, paidBefore),
      statusAfter: paymentStatus(row.amount, paidAfter),
      methodName: method.name,
    };
  }

  recordPayment(args: PaymentArgs): MoneyRecordDetail {
    const row = this.#record(args.recordId);
    const method = this.#paymentMethod(args.methodId, 'methodId');
    const now = this.#now();
    const amount = roundMoney(args.amount);
    const paidAt = args.paidAt ?? formatThaiDateTime(now);
    const what = row.kind === 'income' ? 'income' : 'expense';
    const label = row.server_id === null ? row.reference || 'made on this PC' : `#${row.server_id}`;
    const describe = `Payment ฿${formatMoney(amount)} on ${what} ${label} by ${method.name}`;
    this.#records.transaction(() => {
      const target =
        row.server_id !== null
          ? { serverId: row.server_id }
          : row.operation_id !== null
            ? { afterOperation: row.operation_id }
            : undefined;
      if (target === undefined)
        throw Refusal.conflict('This record has no server id and no create to wait for.');
      const queued = this.#writes.enqueue({
        kind: row.kind === 'income' ? 'incomePayment' : 'expensePayment',
        target,
        args: { query: { paymentamount: amount, paymentmethod: method.name, paymentdate: paidAt } },
        describe,
      });
      this.#records.addLocalPayment({
        recordId: row.id,
        operationId: queued.operationId,
        methodName: method.name,
        amount,
        paidAt,
        now,
      });
    });
    this.#changedHere({ records: 1, transfers: 0 });
    return this.detail(row.id);
  }

  transfers(filter: ParsedCallArgs<'money.transfers'>): CallValue<'money.transfers'> {
    const query = { ...filter, keyword: keywordOf(filter.keyword) };
    const rows = this.#transfers.list(query, filter.limit, filter.offset);
    const standings = this.#writes.standings(
      rows.flatMap((row) => (row.operation_id === null ? [] : [row.operation_id])),
    );
    const totals = this.#transfers.totals(query);
    return {
      total: totals.count,
      offset: filter.offset,
      items: rows.map((row) => transferView(row, standings)),
      totals,
      coverage: this.#coverage(),
    };
  }

  /** The transfer read now and kept in the copy (1 request); the copy when it cannot be read. */
  transferDetail(args: ParsedCallArgs<'money.transferDetail'>): Promise<CallValue<'money.transferDetail'>> {
    return this.#transferDetails.read(args.id);
  }

  createTransfer(args: ParsedCallArgs<'money.createTransfer'>): CallValue<'money.createTransfer'> {
    const from = this.#paymentMethod(args.fromMethodId, 'fromMethodId');
    const to = this.#paymentMethod(args.toMethodId, 'toMethodId');
    if (from.id === to.id) {
      const message = 'must differ from the paying side';
      throw Refusal.field('toMethodId', message, undefined, `The receiving method ${message}.`);
    }
    const now = this.#now();
    const date = args.date ?? formatThaiDate(now);
    const amount = roundMoney(args.amount);
    const id = this.#records.transaction(() => {
      const queued = this.#writes.enqueue({
        kind: 'addMoneyTransfer',
        body: {
          amount,
          fromPaymentMethodId: from.id,
          fromPaymentMethodName: from.name,
          toPaymentMethodId: to.id,
          toPaymentMethodName: to.name,
          actiondate: date,
          reference: args.reference,
          description: args.description,
        },
        describe: `Transfer ฿${formatMoney(amount)} from ${from.name} to ${to.name} on ${date}`,
      });
      return this.#transfers.insertLocal(
        {
          serverId: null,
          uniqueNumber: queued.uniqueNumber ?? '',
          actionDate: date,
          amount,
          fromMethodId: from.id,
          fromMethodName: from.name,
          toMethodId: to.id,
          toMethodName: to.name,
          status: 'Success',
          reference: args.reference,
          description: args.description,
        },
        queued.operationId,
        now,
      );
    });
    const row = this.#transfers.find(id);
    if (!row) throw new Error(`Transfer ${id} vanished after its insert`);
    this.#changedHere({ records: 0, transfers: 1 });
    return transferView(row, this.#writes.standings(row.operation_id === null ? [] : [row.operation_id]));
  }

  paymentMethods(): CallValue<'money.paymentMethods'> {
    return this.#catalogue
      .paymentMethods()
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  contacts(text: string, limit: number): CallValue<'money.contacts'> {
    return this.#contacts.pick(text, limit);
  }

  syncInfo(): CallValue<'money.syncInfo'> {
    const counts = this.#records.counts();
    const intervalMs = this.#sync.intervalMs();
    const perPull = this.#sync.marker('pull')?.lastRequests ?? 3;
    return {
      ...this.#coverage(),
      incomes: counts.income,
      expenses: counts.expense,
      transfers: this.#transfers.count(),
      requestsToday: this.#sync.requestsSpent(thaiDayKey(this.#now())),
      estimatedRequestsPerDay:
        Math.ceil((86_400_000 / intervalMs) * Math.max(3, perPull)) + this.#sync.dailyJobRequests(),
      intervalMinutes: Math.round(intervalMs / 60_000),
    };
  }

  #changedHere(rows: { records: number; transfers: number }): void {
    this.#onChanged?.({ source: 'local', ...rows, at: this.#now() });
  }

  #coverage() {
    return this.#sync.coverage(this.#now());
  }

  #record(id: number) {
    const row = this.#records.find(id);
    if (!row) {
      throw Refusal.field(
        'recordId',
        'is not a record on this PC',
        undefined,
        `There is no income or expense ${id} on this PC.`,
      );
    }
    return row;
  }

  #paymentMethod(id: number, path: string): { id: number; name: string } {
    const method = this.#catalogue.paymentMethods().find((candidate) => candidate.id === id);
    if (!method) {
      const message = 'is not a payment method of this store (as last synced)';
      throw Refusal.field(path, message, undefined, `Payment method ${id} ${message}.`);
    }
    return { id: method.id, name: method.name };
  }

  #contactOf(draft: MoneyDraft): StoredContact | null {
    const given = draft.contact;
    if (!given) return null;
    if (given.contactId !== undefined) {
      const cached = this.#contacts.byServerId(given.contactId);
      if (!cached) {
        const message = 'is not a cached contact';
        throw Refusal.field(
          'contact.contactId',
          message,
          undefined,
          `Contact ${given.contactId} ${message}.`,
        );
      }
      const { name, idNumber, phone, email, address, branchName, branchNo } = cached;
      return { name, idNumber, phone, email, address, branchName, branchNo };
    }
    const { name, idNumber, phone, email, address, branchName, branchNo } = given;
    return { name: name.trim(), idNumber, phone, email, address, branchName, branchNo };
  }
}

function emptyContact(): StoredContact {
  return { name: '', idNumber: '', phone: '', email: '', address: '', branchName: '', branchNo: '' };
}

function keywordOf(text: string | undefined): string | undefined {
  const trimmed = text?.trim().toLowerCase() ?? '';
  return trimmed === '' ? undefined : trimmed;
}
