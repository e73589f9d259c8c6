// Words the returns panel and its dialogs share: a status in the page's language, a refused field's
// words by its path.
import type { IpcIssue } from '../../../src-shared/ipc/index.js';
import { figureIssueWords } from '../../lib/typed-number-words.js';
import { returnIssueWords, rt, type ReturnsKey } from './returns-strings.js';

const STATUS_KEYS: Record<string, ReturnsKey> = {
  Pending: 'statusPending',
  Waiting: 'statusWaiting',
  Shipping: 'statusShipping',
  Success: 'statusSuccess',
  'Partial Transfer': 'statusPartial',
  Voided: 'statusVoided',
};

export const ACTION_KEYS: Record<string, ReturnsKey> = {
  create: 'actionCreate',
  status: 'actionStatus',
  payment: 'actionPayment',
  voidPayment: 'actionVoidPayment',
  void: 'actionVoid',
  addTag: 'actionAddTag',
  removeTag: 'actionRemoveTag',
};

export function statusWords(status: string): string {
  const key = STATUS_KEYS[status];
  return key === undefined ? status : rt(key);
}

/** The words of the refusal at this path, or null when the field is accepted. */
export function issueAt(issues: ReadonlyMap<string, IpcIssue>, path: string): string | null {
  const found = issues.get(path);
  if (found === undefined) return null;
  return figureIssueWords(found) ?? returnIssueWords(found.path, found.message);
}
