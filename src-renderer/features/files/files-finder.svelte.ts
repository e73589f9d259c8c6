// The Files tab's record finder: which kind of record, found by number or by id, and the text typed.
// `find()` turns it into the record reference the attachments panel lists, or names what is wrong.
import type { AttachmentRecordKind } from '../../../src-shared/domain/vocabulary.js';
import type { RecordReference } from './attachments.svelte.js';
import type { FilesText } from './files-strings.js';

export type FindBy = 'number' | 'id';

export { kindKey } from './files-strings.js';

export class FilesFinder {
  kind = $state<AttachmentRecordKind>('purchaseOrder');
  by = $state<FindBy>('number');
  reference = $state('');
  #problem = $state<FilesText | null>(null);
  #found = $state<RecordReference | null>(null);

  /** What is wrong with the typed reference, as a text key. */
  get problem(): FilesText | null {
    return this.#problem;
  }

  /** The record whose files are shown. */
  get found(): RecordReference | null {
    return this.#found;
  }

  find(): RecordReference | null {
    const text = this.reference.trim();
    if (text === '') return this.#refuse('referenceRequired');
    if (this.by === 'id') {
      // eslint-disable-next-line no-restricted-syntax -- a record id, checked as digits just before
      if (!/^[0-9]{1,15}$/.test(text) || Number(text) < 1) return this.#refuse('idMustBeNumber');
      // eslint-disable-next-line no-restricted-syntax -- a record id, checked as digits just before
      this.#found = { kind: this.kind, id: Number(text) };
    } else {
      this.#found = { kind: this.kind, number: text };
    }
    this.#problem = null;
    return this.#found;
  }

  #refuse(problem: FilesText): null {
    this.#problem = problem;
    return null;
  }
}
