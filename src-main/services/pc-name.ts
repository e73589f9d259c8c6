// The one rule for this PC's name as other PCs see it in a live count (the PC-name setting): refused
// with its reason, never trimmed or shortened — what the person typed is what other PCs read.
import {
  CONTROL_CHARACTER,
  PC_NAME_MAX_LENGTH,
  type PcNameRefusalReason,
} from '../../src-shared/domain/live-join.js';
import { Refusal } from '../refusal/refusal.js';

const MESSAGES: Record<PcNameRefusalReason, string> = {
  'pc-name-empty': 'is empty: type the name other PCs should see',
  'pc-name-too-long': `is longer than ${String(PC_NAME_MAX_LENGTH)} characters`,
  'pc-name-control-character': 'holds a control character (a tab, a line break…)',
  'pc-name-spaces-around': 'starts or ends with a space: remove it (the name is kept as typed)',
};

/** Why `name` cannot be this PC's name, or null when it can. */
export function pcNameProblem(name: string): PcNameRefusalReason | null {
  if (name.length === 0) return 'pc-name-empty';
  if (CONTROL_CHARACTER.test(name)) return 'pc-name-control-character';
  if (name.length > PC_NAME_MAX_LENGTH) return 'pc-name-too-long';
  if (name.trim().length === 0) return 'pc-name-empty';
  if (name.trim() !== name) return 'pc-name-spaces-around';
  return null;
}

/** Refuses a name the rule does not accept, naming the `pcName` field and the reason. */
export function checkPcName(name: string): void {
  const problem = pcNameProblem(name);
  if (problem !== null) {
    throw Refusal.field('pcName', MESSAGES[problem], problem, `This PC's name ${MESSAGES[problem]}.`);
  }
}
