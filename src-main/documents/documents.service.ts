// The store's documents for the page (issue 11): the shared line editor's preview, quotations from the
// local copy (works offline) and their writes through the outbox. Returns the contract's shapes.
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import type {
  CallValue,
  DocumentLinesDraft,
  DocumentsChange,
  ParsedCallArgs,
  QuotationDetail,
  QuotationDraft,
} from '../../src-shared/ipc/index.js';
import type { CatalogueRepository } from '../catalog/catalogue.repository.js';
import type { OutboxWrites } from '../outbox/index.js';
import { Refusal } from '../refusal/refusal.js';
import { computeLines, linesPreview } from './document-lines-figures.js';
import type { DocumentNumbers } from './document-numbers.js';
import type { QuotationSync } from './quotation-sync.js';
import { operationIdsOf, quotationDetail, quotationSummary } from './quotation-views.js';
import { quotationNumbers } from './quotation-numbers.js';
import { QuotationWriter, type ContactLookup } from './quotation-writes.js';
import { QuotationRepository } from './quotation.repository.js';

export interface DocumentsServiceOptions {
  readonly db: Database;
  readonly writes: OutboxWrites;
  /** A quotation's customer picked by contact id is copied from here. */
  readonly contacts: ContactLookup;
  readonly catalogue: CatalogueRepository;
  readonly sync: QuotationSync;
  readonly now?: () => number;
  /** This PC's short name, the start of the numbers it proposes (the host name by default). */
  readonly pcName?: string;
  /** After each write made here (the `documents.changed` event). */
  readonly onChanged?: (change: DocumentsChange) => void;
}

/** What a local copy knows of a record: in it, known not to exist, or not known either way. */
export type RecordPresence = 'here' | 'missing' | 'unknown';

export class DocumentsService {
  readonly quotations: QuotationRepository;
  readonly #o: DocumentsServiceOptions;
  readonly #writer: QuotationWriter;
  readonly #numbers: DocumentNumbers;
  readonly #now: () => number;

  constructor(options: DocumentsServiceOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.quotations = new QuotationRepository(options.db);
    this.#numbers = quotationNumbers(this.quotations, options.pcName ?? hostname());
    this.#writer = new QuotationWriter(
      options.db,
      options.contacts,
      this.quotations,
      options.writes,
      this.#numbers,
      this.#now,
    );
  }

  /**
   * What the local copy knows of a quotation: 'here' (in the copy), 'missing' (one of this PC's numbers
   * that no save has taken yet) or 'unknown' (the copy holds a window of them; the back office may).
   */
  quotationPresence(at: { readonly id: number } | { readonly number: string }): RecordPresence {
    if ('id' in at) return this.quotations.hasServerId(at.id) ? 'here' : 'unknown';
    if (this.quotations.numberTaken(at.number)) return 'here';
    return this.#numbers.notIssued(at.number) ? 'missing' : 'unknown';
  }

  /** The figures the back office will store for these lines and settings; nothing is saved. */
  previewLines(draft: DocumentLinesDraft): CallValue<'documents.previewLines'> {
    return linesPreview(draft, computeLines(draft));
  }

  list(filter: ParsedCallArgs<'documents.quotations'>): CallValue<'documents.quotations'> {
    const query = {
      ...filter,
      keyword: filter.keyword?.trim().toLowerCase(),
      createdBy: filter.createdBy?.trim().toLowerCase(),
    };
    const { rows, totals } = this.quotations.page(query, filter.limit, filter.offset);
    const { windowStart, lastPulledAt } = this.#o.sync.coverage();
    const standings = this.#o.writes.standings(operationIdsOf(rows));
    return {
      total: totals.count,
      offset: filter.offset,
      items: rows.map((row) => quotationSummary(row, standings)),
      totals,
      coverage: { windowStart, lastPulledAt },
    };
  }

  detail(id: number): QuotationDetail {
    const row = this.quotations.find(id);
    if (!row) throw Refusal.notFound(`There is no quotation ${id} on this PC.`);
    return quotationDetail(row, this.#o.writes.standings(operationIdsOf([row])));
  }

  /** The number a quotation saved now would get; takes nothing (a cancelled form leaves no gap). */
  proposeNumber(): CallValue<'documents.proposeQuotationNumber'> {
    return { number: this.#numbers.proposal().number };
  }

  salesChannels(): CallValue<'documents.salesChannels'> {
    return this.#o.catalogue
      .salesChannels()
      .map((channel) => channel.name)
      .filter((name) => name !== '');
  }

  create(draft: QuotationDraft): QuotationDetail {
    return this.#changed(this.#writer.create(draft));
  }

  editInfo(args: ParsedCallArgs<'documents.editQuotationInfo'>): QuotationDetail {
    this.#writer.editInfo(args);
    return this.#changed(args.id);
  }

  edit(args: ParsedCallArgs<'documents.editQuotation'>): QuotationDetail {
    const { id, ...lines } = args;
    this.#writer.edit(id, lines);
    return this.#changed(id);
  }

  approve(args: ParsedCallArgs<'documents.approveQuotation'>): QuotationDetail {
    this.#writer.approve(args.id, args.date);
    return this.#changed(args.id);
  }

  void(args: ParsedCallArgs<'documents.voidQuotation'>): QuotationDetail {
    this.#writer.void(args.id);
    return this.#changed(args.id);
  }

  addTag(args: ParsedCallArgs<'documents.addQuotationTag'>): QuotationDetail {
    this.#writer.tag(args.id, args.tag, true);
    return this.#changed(args.id);
  }

  removeTag(args: ParsedCallArgs<'documents.removeQuotationTag'>): QuotationDetail {
    this.#writer.tag(args.id, args.tag, false);
    return this.#changed(args.id);
  }

  #changed(id: number): QuotationDetail {
    this.#o.onChanged?.({ source: 'local', quotations: 1, at: this.#now() });
    return this.detail(id);
  }
}
