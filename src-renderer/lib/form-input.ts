// What a person typed, made ready for the contract (no words here: the state classes use it under Node
// in their tests, where the page's language is not loaded): typed figures as numbers and refusals by field.
import type { IpcIssue } from '../../src-shared/ipc/index.js';

/**
 * A figure as a person typed it ("1,250.50", "฿ 80"): a number, or NaN when it is not one (empty too).
 * NaN is sent as it is, so main's refusal names the field and the page words it.
 */
export function parseAmount(text: string): number {
  const plain = text.replace(/[,\s฿]/g, '');
  if (plain === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain)) return Number.NaN;
  return Number(plain);
}

/** The first issue of each path. */
export function issuesByPath(issues: readonly IpcIssue[] | undefined): ReadonlyMap<string, IpcIssue> {
  const byPath = new Map<string, IpcIssue>();
  for (const issue of issues ?? []) if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  return byPath;
}
