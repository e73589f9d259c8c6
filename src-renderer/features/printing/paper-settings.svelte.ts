// The open store's paper settings form (issue 25): the PromptPay id (empty turns the QR off) and the
// days a quotation is valid. Typed text is checked as typed (a whole number of days, digits-only id)
// and main checks the id's shape and check digit; a refusal keeps what was typed.
import type { StockroomBridge } from '../../../src-shared/ipc/index.js';
import { readTypedNumber, type NumberRule } from '../../../src-shared/domain/typed-number.js';
import { MAX_QUOTATION_VALID_DAYS } from '../../../src-shared/printing/label-layouts.js';
import { api } from '../../lib/api.js';
import { lt, type LabelStringKey } from './label-strings.js';

const DAYS_RULE: NumberRule = {
  decimals: 0,
  zeroAllowed: false,
  negativeAllowed: false,
  max: MAX_QUOTATION_VALID_DAYS,
  currency: false,
};

export class PaperSettingsForm {
  readonly #api: StockroomBridge;
  promptPayId = $state('');
  validDays = $state('30');
  #problem = $state<{ field: 'promptPayId' | 'validDays' | null; key: LabelStringKey } | null>(null);
  #failure = $state<string | null>(null);
  #saved = $state(false);
  #loaded = $state(false);

  constructor(bridge: StockroomBridge = api) {
    this.#api = bridge;
  }

  get loaded(): boolean {
    return this.#loaded;
  }

  get saved(): boolean {
    return this.#saved;
  }

  /** The field at fault and its words, in the page's language. */
  problemOf(field: 'promptPayId' | 'validDays'): string | null {
    const problem = this.#problem;
    if (problem?.field !== field) return null;
    return lt(problem.key, { max: MAX_QUOTATION_VALID_DAYS });
  }

  /** A refusal that names no field (no store open, the link down): main's words. */
  get failure(): string | null {
    return this.#failure;
  }

  async load(): Promise<void> {
    const result = await this.#api.call('papers.settings', {});
    if (!result.ok) {
      this.#failure = result.error.message;
      return;
    }
    this.promptPayId = result.value.promptPayId ?? '';
    this.validDays = String(result.value.quotationValidDays);
    this.#loaded = true;
  }

  async save(): Promise<void> {
    this.#saved = false;
    this.#failure = null;
    const days = readTypedNumber(this.validDays, DAYS_RULE);
    if (!days.ok) {
      this.#problem = { field: 'validDays', key: 'validDaysWrong' };
      return;
    }
    const id = this.promptPayId.trim();
    if (id !== '' && !/^\d+$/.test(id)) {
      this.#problem = { field: 'promptPayId', key: 'promptPayIdWrong' };
      return;
    }
    const result = await this.#api.call('papers.saveSettings', {
      promptPayId: id === '' ? null : id,
      quotationValidDays: days.value,
    });
    if (result.ok) {
      this.#problem = null;
      this.#saved = true;
    } else if (result.error.reason === 'prompt-pay-id') {
      this.#problem = { field: 'promptPayId', key: 'promptPayIdWrong' };
    } else {
      this.#problem = null;
      this.#failure = result.error.message;
    }
  }
}
