// Several PCs, one count (issue 13): counters on different PCs count the same warehouse, different
// aisles. One PC exports its session to a file; another merges it into its own open session and commits
// once for both. The file carries this PC's own figure per product (what it merged from others is left
// out, so counts never travel back and double); a merge adds each product's figure as an `adjust` event
// by a "(merged from …)" counter, and `count_merges` remembers each source's last figure, so merging the
// same file twice changes nothing and a newer export of that session adds only the difference. Handing a
// session over makes it read-only here (counting-context.ts, openSession): the count commits once.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { CallValue } from '../../src-shared/ipc/index.js';
import { preparedFor } from '../db/statements.js';
import { Refusal } from '../refusal/refusal.js';
import { applyMemberCode, memberCodesOf } from './count-live-codes.js';
import { recordLineEvent } from './count-lines.service.js';
import { roundQuantity } from './count-quantity.js';
import type { LineRow, SessionRow } from './count-session.repository.js';
import { existingSession, newProductLine, openSession, sessionViewOf } from './counting-context.js';
import type { CountingContext } from './counting-context.js';
import { CountingError, UnresolvedUnknownCodesError } from './counting-errors.js';
import { parseUntrusted } from '../../src-shared/parse-untrusted.js';
import {
  fileShelfPartsSchema,
  fileShelfVisitsSchema,
  MergedShelfParts,
  ownParts,
  partsOfFigure,
  shelfDeltas,
  shelfPartsProblem,
} from './count-merge-shelves.js';
import type { CountShelves } from './count-shelves.js';

export const COUNT_FILE_FORMAT = 'stockroom-count-session';
/** 2 carries shelves (count-merge-shelves.ts); a version 1 file still merges, all on no shelf. */
const COUNT_FILE_VERSION = 2;

const countFileSchema = z.object({
  format: z.literal(COUNT_FILE_FORMAT),
  version: z.union([z.literal(1), z.literal(COUNT_FILE_VERSION)]),
  source: z.object({
    sessionId: z.string().min(1).max(64),
    label: z.string().min(1).max(300),
    warehouseCode: z.string().min(1).max(64),
    exportedAt: z.number(),
  }),
  lines: z
    .array(
      z.object({
        productId: z.int().positive(),
        sku: z.string().max(200),
        barcode: z.string().max(200),
        name: z.string().max(1000),
        unittext: z.string().max(200),
        purchaseprice: z.number(),
        counted: z.number().min(0).max(1_000_000_000),
        shelves: fileShelfPartsSchema.optional(),
      }),
    )
    .max(500_000),
  shelves: fileShelfVisitsSchema.optional(),
});
type CountFile = z.output<typeof countFileSchema>;
/** One product's figure as another PC counted it: a file's line, or a live member's change. */
export type SourceFigure = CountFile['lines'][number];

interface MergeRow {
  readonly source_session: string;
  readonly source_label: string;
  readonly product_id: number;
  readonly counted: number;
}

function prepare(db: Database) {
  return {
    ofSession: db.prepare<[string], MergeRow>(
      `SELECT source_session, source_label, product_id, counted FROM count_merges
        WHERE session_id = ? ORDER BY source_label, source_session`,
    ),
    one: db
      .prepare<[string, string, number], number>(
        `SELECT counted FROM count_merges WHERE session_id = ? AND source_session = ? AND product_id = ?`,
      )
      .pluck(),
    upsert: db.prepare<{
      session: string;
      source: string;
      label: string;
      productId: number;
      counted: number;
      at: number;
    }>(
      `INSERT INTO count_merges (session_id, source_session, source_label, product_id, counted, merged_at)
       VALUES (@session, @source, @label, @productId, @counted, @at)
       ON CONFLICT (session_id, source_session, product_id)
       DO UPDATE SET counted = excluded.counted, source_label = excluded.source_label, merged_at = excluded.merged_at`,
    ),
    productsOfSource: db
      .prepare<[string, string], number>(
        `SELECT product_id FROM count_merges WHERE session_id = ? AND source_session = ? AND counted <> 0`,
      )
      .pluck(),
    releaseLiveMember: db.prepare<[string, string]>(
      `UPDATE live_count_members SET state = 'released'
        WHERE host_session_id = ? AND member_session_id = ? AND state NOT IN ('final', 'released')`,
    ),
  };
}

export class CountMerge {
  readonly #context: CountingContext;
  /** This PC's name now (a display name: the PC-name setting may change it between two exports). */
  readonly #pcName: () => string;
  readonly #countShelves: CountShelves;
  readonly #mergedShelves: MergedShelfParts;

  constructor(context: CountingContext, pcName: () => string, countShelves: CountShelves) {
    this.#context = context;
    this.#pcName = pcName;
    this.#countShelves = countShelves;
    this.#mergedShelves = new MergedShelfParts(context.db);
  }

  get #statements() {
    return preparedFor(this.#context.db, prepare);
  }

  exportSession(sessionId: string, handOver: boolean): CallValue<'counting.exportSession'> {
    const { db, repository } = this.#context;
    return db
      .transaction(() => {
        const session = openSession(this.#context, sessionId);
        const unresolved = repository.progress(session.id)?.unknown_codes ?? 0;
        if (unresolved > 0) throw new UnresolvedUnknownCodesError(unresolved);
        const merged = this.#mergedByProduct(session.id);
        const mergedShelves = this.#mergedShelves.bySession(session.id, merged);
        const lineParts = this.#countShelves.linePartsOf(session.id);
        const lines = this.#countedLines(session).flatMap((line) => {
          const productId = line.product_id ?? 0;
          const own = roundQuantity(line.counted - (merged.get(productId) ?? 0));
          if (own <= 0) return [];
          const shelves = ownParts(lineParts(line.id), mergedShelves.get(productId) ?? new Map());
          return [fileLine(line, own, shelves ?? [{ shelf: null, counted: own }])];
        });
        const exportedAt = this.#context.now();
        const file: CountFile = {
          format: COUNT_FILE_FORMAT,
          version: COUNT_FILE_VERSION,
          source: {
            sessionId: session.id,
            label: `${this.#pcName()}: ${session.name}`,
            warehouseCode: session.warehouse_code,
            exportedAt,
          },
          lines,
          shelves: this.#countShelves.visitsOf(session.id),
        };
        if (handOver) repository.handOver(session.id, exportedAt);
        return {
          fileName: `${safeFileName(session.name)}.count.json`,
          text: `${JSON.stringify(file)}\n`,
          session: sessionViewOf(this.#context, existingSession(this.#context, session.id)),
        };
      })
      .immediate();
  }

  mergeSession(sessionId: string, text: string): CallValue<'counting.mergeSession'> {
    const file = parseCountFile(text);
    const { db } = this.#context;
    return db
      .transaction(() => {
        const session = openSession(this.#context, sessionId);
        if (file.source.sessionId === session.id) {
          throw new Refusal('invalid-arguments', 'This file is this session’s own export: nothing to merge.');
        }
        if (file.source.warehouseCode !== session.warehouse_code) {
          throw new CountingError(
            'other-warehouse',
            `The file counts warehouse ${file.source.warehouseCode}; this session counts ${session.warehouse_code}`,
          );
        }
        // A live member handing over by file (decision 0013): its stream ends here, and the file's
        // figures apply against what the stream already brought (the same rows), so nothing doubles.
        this.#statements.releaseLiveMember.run(session.id, file.source.sessionId);
        const source = { sessionId: file.source.sessionId, label: file.source.label };
        const counter = `(merged from ${file.source.label})`.slice(0, 64);
        this.#refuseUnknownShelves(session, file);
        let productsMerged = 0;
        let unchanged = 0;
        for (const entry of file.lines) {
          if (this.applySourceFigure(session, source, counter, entry)) productsMerged += 1;
          else unchanged += 1;
        }
        productsMerged += this.#zeroUnlisted(session, source, counter, file);
        for (const code of file.shelves?.visited ?? []) {
          this.#countShelves.recordMergedVisit(session.id, counter, code, 'enter');
        }
        for (const code of file.shelves?.empty ?? []) {
          this.#countShelves.recordMergedVisit(session.id, counter, code, 'empty');
        }
        return {
          session: sessionViewOf(this.#context, existingSession(this.#context, session.id)),
          source: file.source.label,
          productsMerged,
          unchanged,
        };
      })
      .immediate();
  }

  /**
   * Makes `source`'s part of the product's line `entry.counted`: adds the difference from what was
   * recorded for that source as an `adjust` by `counter`, and records the new part. False when the
   * part is unchanged. Runs inside the caller's transaction (the file merge's, or a live member's).
   */
  applySourceFigure(
    session: SessionRow,
    source: { readonly sessionId: string; readonly label: string },
    counter: string,
    entry: SourceFigure,
  ): boolean {
    const { repository, lookup, expected } = this.#context;
    const before = this.#statements.one.get(session.id, source.sessionId, entry.productId) ?? 0;
    const partsBefore = this.#mergedShelves.of(session.id, source.sessionId, entry.productId, before);
    const partsAfter = partsOfFigure(entry.counted, entry.shelves);
    const deltas = shelfDeltas(partsBefore, partsAfter);
    if (deltas.length === 0 && roundQuantity(entry.counted - before) === 0) return false;
    const at = this.#context.now();
    const expectedNow = expected.of(session.warehouse_code, entry.productId);
    const product = lookup.findById(entry.productId) ?? {
      id: entry.productId,
      sku: entry.sku,
      barcode: entry.barcode,
      name: entry.name,
      unittext: entry.unittext,
      purchaseprice: entry.purchaseprice,
      sellprice: 0,
      active: true,
      imagepath: '',
    };
    let line =
      repository.productLine(session.id, entry.productId) ??
      repository.insertProductLine(newProductLine(session.id, product, expectedNow, 'counter', at));
    for (const { shelf, delta } of deltas) {
      line = recordLineEvent(this.#context, session, line, expectedNow, {
        counter: counter.slice(0, 64),
        kind: 'adjust',
        quantity: delta,
        code: null,
        at,
        shelfCode: shelf,
      });
    }
    this.#mergedShelves.record(session.id, source.sessionId, entry.productId, partsAfter);
    this.#statements.upsert.run({
      session: session.id,
      source: source.sessionId,
      label: source.label,
      productId: entry.productId,
      counted: entry.counted,
      at,
    });
    return true;
  }

  /** Per counted product: this PC's part (the line less what was merged) and each merged source's. */
  contributions(sessionId: string): CallValue<'counting.contributions'> {
    const session = existingSession(this.#context, sessionId);
    const bySource = new Map<number, Array<{ source: string; thisPc: boolean; counted: number }>>();
    for (const row of this.#statements.ofSession.all(session.id)) {
      const sources = bySource.get(row.product_id) ?? [];
      sources.push({ source: row.source_label, thisPc: false, counted: row.counted });
      bySource.set(row.product_id, sources);
    }
    const thisPcName = this.#pcName();
    return this.#countedLines(session).map((line) => {
      const productId = line.product_id ?? 0;
      const merged = bySource.get(productId) ?? [];
      const own = roundQuantity(line.counted - merged.reduce((sum, source) => sum + source.counted, 0));
      return {
        lineId: line.id,
        productId,
        sku: line.sku ?? '',
        name: line.name ?? '',
        counted: line.counted,
        sources: [{ source: thisPcName, thisPc: true, counted: own }, ...merged],
      };
    });
  }

  /**
   * The file is the source's whole count: a product it had here (by an earlier file, or by its live
   * stream) that the file no longer lists is 0 now, and so is each unknown code its stream brought (a
   * file carries no open code: the source resolved or removed them, and their units are in its lines).
   * So a member whose scans came partly by stream and then by file counts each unit once, per shelf.
   */
  #zeroUnlisted(
    session: SessionRow,
    source: { readonly sessionId: string; readonly label: string },
    counter: string,
    file: CountFile,
  ): number {
    const listed = new Set(file.lines.map((line) => line.productId));
    let zeroed = 0;
    for (const productId of this.#statements.productsOfSource.all(session.id, source.sessionId)) {
      const line = this.#context.repository.productLine(session.id, productId);
      if (listed.has(productId) || line === undefined) continue;
      const none = { ...fileLine(line, 0, []), productId };
      if (this.applySourceFigure(session, source, counter, none)) zeroed += 1;
    }
    for (const code of memberCodesOf(this.#context.db, session.id, source.sessionId)) {
      applyMemberCode(this.#context, session, source, counter, { code, counted: 0, shelves: [] });
    }
    return zeroed;
  }

  /** A shelf this PC does not have would put units where nobody can find them: import the shelves first. */
  #refuseUnknownShelves(session: SessionRow, file: CountFile): void {
    const codes = new Set([...(file.shelves?.visited ?? []), ...(file.shelves?.empty ?? [])]);
    for (const line of file.lines)
      for (const part of line.shelves ?? []) if (part.shelf !== null) codes.add(part.shelf);
    const missing = [...codes]
      .filter((code) => !this.#countShelves.knows(session.warehouse_code, code))
      .sort();
    if (missing.length === 0) return;
    throw new CountingError(
      'unknown-shelf',
      `${session.warehouse_code} has no shelf ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''} on this PC: import the shelves file first, then merge again`,
    );
  }

  #countedLines(session: SessionRow): LineRow[] {
    return this.#context.repository
      .lines(session.id)
      .filter((line) => line.kind === 'product' && line.live_events > 0);
  }

  #mergedByProduct(sessionId: string): Map<number, number> {
    const merged = new Map<number, number>();
    for (const row of this.#statements.ofSession.all(sessionId)) {
      merged.set(row.product_id, (merged.get(row.product_id) ?? 0) + row.counted);
    }
    return merged;
  }
}

function fileLine(
  line: LineRow,
  counted: number,
  shelves: CountFile['lines'][number]['shelves'],
): CountFile['lines'][number] {
  return {
    productId: line.product_id ?? 0,
    sku: line.sku ?? '',
    barcode: line.barcode ?? '',
    name: line.name ?? '',
    unittext: line.unittext ?? '',
    purchaseprice: line.purchase_price ?? 0,
    counted,
    shelves,
  };
}

function parseCountFile(text: string): CountFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Refusal('invalid-arguments', 'The file is not a count exported by Stockroom (not JSON).');
  }
  const parsed = parseUntrusted(countFileSchema, json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new Refusal(
      'invalid-arguments',
      `The file is not a count exported by Stockroom${where === '' ? '' : ` (at ${where})`}.`,
    );
  }
  for (const [index, line] of parsed.data.lines.entries()) {
    const problem = line.shelves === undefined ? undefined : shelfPartsProblem(line.shelves, line.counted);
    if (problem !== undefined) {
      throw new Refusal(
        'invalid-arguments',
        `The file is not a count exported by Stockroom (at lines.${index}.shelves, ${line.sku}: ${problem}).`,
      );
    }
  }
  return parsed.data;
}

function safeFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'count';
}
