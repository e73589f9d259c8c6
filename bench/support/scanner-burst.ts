// A keyboard-wedge scanner for the scan-to-screen bench: a code's keys sent to Chromium through DevTools
// in real time, each stamped on the scanner's schedule, as the English (US) or the Thai layout sends them.
import type { CDPSession } from 'playwright-core';
import { scanStrokes, sendStroke, thaiScanStrokes } from '../../tests/support/scanner-input.js';

/** The scanner's keys as the English (US) layout and as the Thai layout send them (`key` Thai, `code` US). */
export const LAYOUTS = [
  { label: 'English layout', strokes: scanStrokes },
  { label: 'Thai layout', strokes: thaiScanStrokes },
] as const;
export type Layout = (typeof LAYOUTS)[number];

/** A scanner's pace: a key every 2 ms (USB HID at 1 ms polling: one report down, one up), held 1 ms. */
const KEY_INTERVAL_MS = 2;
const KEY_DOWN_S = 0.001;
/** A scanner sends Enter right after the last digit; a lagging test process must not look like typing. */
const MAX_ENTER_GAP_MS = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A keyboard-wedge scan as a USB scanner sends it: each digit down and up KEY_INTERVAL_MS apart, in real
 * time, then Enter. Each key carries its time on the scanner's schedule (as the OS stamps a real key),
 * so a moment of lag on this shared machine cannot stretch a burst into "typing"; the Enter is stamped
 * when it is sent, but at most MAX_ENTER_GAP_MS after the last digit's stamp. Returns how much later
 * than its stamp the Enter was sent (ms): this process running late (a busy core delays its timers) is
 * no part of the page's time, so Enter → screen is counted from the send.
 */
export async function typeLikeAScanner(cdp: CDPSession, code: string, layout: Layout): Promise<number> {
  const strokes = layout.strokes(code);
  const sent: Promise<unknown>[] = [];
  const start = Date.now() / 1000;
  const stampOf = (index: number) => start + (index * KEY_INTERVAL_MS) / 1000;
  for (const [index, stroke] of strokes.slice(0, -1).entries()) {
    sent.push(...sendStroke(cdp, stroke, stampOf(index), KEY_DOWN_S));
    await sleep(KEY_INTERVAL_MS);
  }
  const enter = strokes.at(-1);
  if (enter === undefined) throw new Error('a scan ends with Enter');
  const sendingAt = (performance.timeOrigin + performance.now()) / 1000;
  const enterAt = Math.min(sendingAt, stampOf(code.length - 1) + MAX_ENTER_GAP_MS / 1000);
  sent.push(...sendStroke(cdp, enter, enterAt, KEY_DOWN_S));
  await Promise.all(sent);
  return (sendingAt - enterAt) * 1000;
}
