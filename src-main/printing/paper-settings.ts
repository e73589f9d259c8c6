// The open store's paper settings (issue 25), kept in the store's own database: the PromptPay id its
// quotations print a QR for (off until set) and the days a quotation is valid. One JSON row, as the
// app settings are; the table is made by migration 0024. A stored value that no longer fits falls back
// to the default field by field.
import type { Database } from 'better-sqlite3';
import type { CallValue, ParsedCallArgs } from '../../src-shared/ipc/index.js';
import { paperSettings, type PaperSettings } from '../../src-shared/ipc/schemas/labels.js';
import { Refusal } from '../refusal/refusal.js';
import { promptPayIdProblem } from './promptpay.js';

export const DEFAULT_PAPER_SETTINGS: PaperSettings = { promptPayId: null, quotationValidDays: 30 };

export class PaperSettingsRepository {
  readonly #db: Database;
  readonly #now: () => number;

  constructor(db: Database, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  get(): CallValue<'papers.settings'> {
    const row = this.#db
      .prepare<[], { settings_json: string }>('SELECT settings_json FROM paper_settings WHERE singleton = 1')
      .get();
    if (row === undefined) return { ...DEFAULT_PAPER_SETTINGS };
    let stored: unknown;
    try {
      stored = JSON.parse(row.settings_json);
    } catch {
      return { ...DEFAULT_PAPER_SETTINGS };
    }
    const fields = paperSettings.shape;
    const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
    const promptPayId = fields.promptPayId.safeParse(source['promptPayId']);
    const validDays = fields.quotationValidDays.safeParse(source['quotationValidDays']);
    return {
      promptPayId:
        promptPayId.success && (promptPayId.data === null || promptPayIdProblem(promptPayId.data) === null)
          ? promptPayId.data
          : DEFAULT_PAPER_SETTINGS.promptPayId,
      quotationValidDays: validDays.success ? validDays.data : DEFAULT_PAPER_SETTINGS.quotationValidDays,
    };
  }

  save(changes: ParsedCallArgs<'papers.saveSettings'>): CallValue<'papers.saveSettings'> {
    if (changes.promptPayId !== undefined && changes.promptPayId !== null) {
      const problem = promptPayIdProblem(changes.promptPayId);
      if (problem !== null) {
        throw Refusal.field('promptPayId', problem, 'prompt-pay-id', problem);
      }
    }
    const next: PaperSettings = {
      ...this.get(),
      ...(changes.promptPayId === undefined ? {} : { promptPayId: changes.promptPayId }),
      ...(changes.quotationValidDays === undefined ? {} : { quotationValidDays: changes.quotationValidDays }),
    };
    this.#db
      .prepare<[string, number]>(
        `INSERT INTO paper_settings (singleton, settings_json, updated_at) VALUES (1, ?, ?)
         ON CONFLICT (singleton) DO UPDATE SET settings_json = excluded.settings_json, updated_at = excluded.updated_at`,
      )
      .run(JSON.stringify(next), this.#now());
    return next;
  }
}
