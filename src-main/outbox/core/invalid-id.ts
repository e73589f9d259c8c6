// "Invalid ID.": the back office no longer has the record a write or a read-back names (a product
// deleted there). Stock kinds and write rows both tell it apart from other refusals.
import { isBackofficeFailure, type BackofficeFailure } from '../../backoffice/index.js';
import { ResultText } from '../../../src-shared/api/envelopes.js';

export function isInvalidId(error: unknown): error is BackofficeFailure {
  return (
    isBackofficeFailure(error) &&
    error.kind === 'permanent' &&
    error.text.trim().startsWith(ResultText.invalidId.replace(/\.$/, ''))
  );
}
