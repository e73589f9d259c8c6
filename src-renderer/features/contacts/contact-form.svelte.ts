// The new / edit contact form: what is typed, checked here first (a code of 3 characters or more, a
// name, a tax id with its check digit, a 5-digit branch number, phones, an e-mail) so a bad form never
// reaches main; then main's refusals (a code another contact has) next to the field they name. What was
// typed is kept until the save succeeds.
import {
  partyFieldIssue,
  partyIssueOfMessage,
  type PartyField,
  type PartyIssue,
} from '../../../src-shared/domain/party-checks.js';
import { CONTACT_CODE_MIN } from '../../../src-shared/domain/vocabulary.js';
import type {
  ContactDetail,
  ContactFields,
  ContactRef,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { api } from '../../lib/api.js';

export type ContactField = keyof ContactFields;

/** Why a field is refused, in words the page chooses (contacts-strings' issue keys). */
export type ContactIssue = 'codeTooShort' | 'codeTaken' | 'required' | 'tooLong' | 'invalid' | PartyIssue;

/** The fields the party checks cover (tax id, branch number, phone, e-mail). */
const PARTY_FIELDS: readonly PartyField[] = ['idNumber', 'branchNo', 'phone', 'email'];

export const EMPTY_CONTACT: ContactFields = {
  code: '',
  name: '',
  idNumber: '',
  phone: '',
  email: '',
  address: '',
  branchName: '',
  branchNo: '',
};

export class ContactForm {
  readonly #api: StockroomBridge;
  /** null: a new contact; else the contact being changed. */
  readonly ref: ContactRef | null;
  #values = $state<ContactFields>({ ...EMPTY_CONTACT });
  #issues = $state<Partial<Record<ContactField, ContactIssue>>>({});
  #saving = $state(false);
  #saveError = $state<string | null>(null);

  constructor(from: ContactDetail | null, bridge: StockroomBridge = api) {
    this.#api = bridge;
    if (from === null) {
      this.ref = null;
      return;
    }
    this.ref = from.serverId !== null ? { serverId: from.serverId } : { localId: from.localId ?? 0 };
    this.#values = {
      code: from.code,
      name: from.name,
      idNumber: from.idNumber,
      phone: from.phone,
      email: from.email,
      address: from.address,
      branchName: from.branchName,
      branchNo: from.branchNo,
    };
  }

  get values(): ContactFields {
    return this.#values;
  }

  get issues(): Readonly<Partial<Record<ContactField, ContactIssue>>> {
    return this.#issues;
  }

  get saving(): boolean {
    return this.#saving;
  }

  /** Why the last save failed when no field is to blame (main's words). */
  get saveError(): string | null {
    return this.#saveError;
  }

  /** A new contact starts with the code main proposes for this PC (the person may change it). */
  async proposeCode(): Promise<void> {
    if (this.ref !== null) return;
    const result = await this.#api.call('contacts.proposeCode', {});
    if (result.ok && this.#values.code === '') this.#values = { ...this.#values, code: result.value.code };
  }

  setValue(field: ContactField, value: string): void {
    this.#values = { ...this.#values, [field]: value };
    if (this.#issues[field] !== undefined) {
      const issues = { ...this.#issues };
      delete issues[field];
      this.#issues = issues;
    }
  }

  /** Saves (queues the write); the saved contact, or null when refused (issues or saveError say why). */
  async save(): Promise<ContactDetail | null> {
    if (this.#saving) return null;
    this.#saveError = null;
    const local = localIssues(this.#values);
    this.#issues = local;
    if (Object.keys(local).length > 0) return null;
    this.#saving = true;
    try {
      const fields = trimmed(this.#values);
      const result =
        this.ref === null
          ? await this.#api.call('contacts.create', fields)
          : await this.#api.call('contacts.update', { ref: this.ref, fields });
      if (result.ok) return result.value;
      const issues: Partial<Record<ContactField, ContactIssue>> = {};
      for (const issue of result.error.issues ?? []) {
        const field = issue.path.split('.').at(-1) ?? '';
        if (!isField(field)) continue;
        issues[field] =
          result.error.reason === 'code-taken' && field === 'code'
            ? 'codeTaken'
            : result.error.reason === 'code-too-short' && field === 'code'
              ? 'codeTooShort'
              : (partyIssueOfMessage(issue.message) ?? 'invalid');
      }
      this.#issues = issues;
      this.#saveError = Object.keys(issues).length > 0 ? null : result.error.message;
      return null;
    } finally {
      this.#saving = false;
    }
  }
}

const LIMITS: Record<ContactField, number> = {
  code: 50,
  name: 200,
  idNumber: 50,
  phone: 50,
  email: 200,
  address: 500,
  branchName: 200,
  branchNo: 50,
};

function isField(name: string): name is ContactField {
  return Object.hasOwn(LIMITS, name);
}

function trimmed(values: ContactFields): ContactFields {
  const out = { ...values };
  for (const field of Object.keys(LIMITS) as ContactField[]) out[field] = values[field].trim();
  return out;
}

/** What the page can tell without asking main. */
function localIssues(values: ContactFields): Partial<Record<ContactField, ContactIssue>> {
  const issues: Partial<Record<ContactField, ContactIssue>> = {};
  const code = values.code.trim();
  if (code === '') issues.code = 'required';
  else if ([...code].length < CONTACT_CODE_MIN) issues.code = 'codeTooShort';
  if (values.name.trim() === '') issues.name = 'required';
  for (const field of Object.keys(LIMITS) as ContactField[]) {
    if (issues[field] === undefined && values[field].trim().length > LIMITS[field]) issues[field] = 'tooLong';
  }
  for (const field of PARTY_FIELDS) {
    const found = issues[field] === undefined ? partyFieldIssue(field, values[field]) : null;
    if (found !== null) issues[field] = found;
  }
  return issues;
}
