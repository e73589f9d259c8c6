// The page side of the scan-to-screen benchmark: a script Chromium runs in the page before the app
// (Page.addScriptToEvaluateOnNewDocument, which the page's CSP does not apply to). It changes nothing in
// the app; it watches:
// - keydown in the capture phase on the window, registered before the app's scanner listener: the
//   first key of the burst and the Enter, by `event.timeStamp` (when the browser took the key in);
// - the WebSocket (a subclass whose listener is added before the bridge's `onmessage`): when the
//   `counting.scan` call leaves and when its answer arrives (which may come after the paint: the page
//   paints a repeat scan before main answers; a scan's result waits for both);
// - a MutationObserver on the document: when both the line's counted cell in the lines table and the
//   big last-scan display show the new figure; then requestAnimationFrame (the frame that will paint
//   it starts) and a message posted from that frame (runs once the frame's rendering is done: painted);
// - long tasks and long animation frames, for the breakdown.
// It is kept as source text: bench/ is type-checked for Node (no DOM types), and Playwright sends a
// function's source as text anyway. Timestamps are the page's performance.now() (ms, one origin).

/** What the probe measured for one scan, in the page's clock (ms). */
export interface ScanTimings {
  readonly firstKeyAt: number;
  /** When the probe's keydown listener ran for the first key. */
  readonly firstKeySeenAt: number;
  readonly enterAt: number;
  /** When the probe's keydown listener ran for the Enter (input queueing before the page saw it). */
  readonly enterSeenAt: number;
  readonly keys: number;
  /** Largest gap between two keydown timestamps of the burst. */
  readonly maxKeyGapMs: number;
  readonly sentAt: number;
  readonly answeredAt: number;
  /** The lines table and the big display both show the new figure (after the DOM update). */
  readonly shownAt: number;
  /** requestAnimationFrame after shownAt: the frame that paints it starts. */
  readonly frameAt: number;
  /** A task posted from that frame ran: the frame's rendering (style, layout, paint) is done. */
  readonly paintedAt: number;
  /** Time the probe spent checking the DOM (its own overhead, inside shownAt). */
  readonly checkMs: number;
  /** Long tasks (> 50 ms) and long animation frames overlapping [firstKeyAt, paintedAt]. */
  readonly longTasks: number;
  readonly longFrames: number;
}

/** The probe's handle on `window.__scanProbe` (called through page.evaluate). */
export const PROBE_GLOBAL = '__scanProbe';

export const SCAN_PROBE_SOURCE = `(() => {
  const TIMEOUT_MS = 5000;
  let current = null;
  let armed = null;
  const longTasks = [];
  const longFrames = [];
  for (const [type, into] of [['longtask', longTasks], ['long-animation-frame', longFrames]]) {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) into.push([entry.startTime, entry.startTime + entry.duration]);
      }).observe({ type, buffered: true });
    } catch {
      // An entry type this Chromium does not have: counted as none.
    }
  }
  const overlapping = (spans, from, to) => spans.filter(([start, end]) => end >= from && start <= to).length;

  const NativeWebSocket = window.WebSocket;
  class ProbedWebSocket extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        // The armed scan, not just the one being watched: a line painted before main's answer (the
        // page paints a repeat at once) still has its answer timed.
        const scan = armed;
        if (scan === null || scan.callId === null || scan.answeredAt !== null) return;
        if (typeof event.data !== 'string') return;
        const frame = JSON.parse(event.data);
        if (frame.type === 'result' && frame.id === scan.callId) {
          scan.answeredAt = performance.now();
          settle(scan);
        }
      });
    }
    send(data) {
      const scan = armed;
      if (scan !== null && scan.sentAt === null && typeof data === 'string' && data.includes('"counting.scan"')) {
        scan.sentAt = performance.now();
        scan.callId = JSON.parse(data).id;
      }
      super.send(data);
    }
  }
  window.WebSocket = ProbedWebSocket;

  window.addEventListener('keydown', (event) => {
    const scan = current;
    if (scan === null || scan.enterAt !== null) return;
    if (scan.firstKeyAt === null) {
      scan.firstKeyAt = event.timeStamp;
      scan.firstKeySeenAt = performance.now();
    }
    else scan.maxKeyGapMs = Math.max(scan.maxKeyGapMs, event.timeStamp - scan.lastKeyAt);
    scan.lastKeyAt = event.timeStamp;
    scan.keys += 1;
    if (event.key === 'Enter') {
      scan.enterAt = event.timeStamp;
      scan.enterSeenAt = performance.now();
    }
  }, true);

  const text = (element) => (element?.textContent ?? '').trim();
  function showsFigure(scan) {
    const last = document.querySelector('[data-testid="last-scan"]');
    if (last === null || !text(last).includes(scan.sku)) return false;
    if (text(last.querySelector('[data-testid="last-counted"]')) !== scan.counted) return false;
    const rows = document.querySelectorAll('[data-testid="count-lines"] [role="row"].line');
    for (const row of rows) {
      if (text(row.querySelector('.code')) === scan.sku) return text(row.querySelector('.counted')) === scan.counted;
    }
    return false;
  }

  /** Resolves once the line is painted and main's answer is in (whichever comes last). */
  function settle(scan) {
    if (scan.paintedAt === null || scan.answeredAt === null || scan.resolve === null) return;
    clearTimeout(scan.timer);
    const { resolve, timer, lastKeyAt, callId, sku, counted, ...timings } = scan;
    scan.resolve = null;
    timings.longTasks = overlapping(longTasks, scan.firstKeyAt, scan.paintedAt);
    timings.longFrames = overlapping(longFrames, scan.firstKeyAt, scan.paintedAt);
    resolve(timings);
  }

  function finish(scan) {
    requestAnimationFrame(() => {
      scan.frameAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        scan.paintedAt = performance.now();
        if (current === scan) current = null;
        settle(scan);
      };
      channel.port2.postMessage(null);
    });
  }

  new MutationObserver(() => {
    const scan = current;
    if (scan === null || scan.enterAt === null || scan.shownAt !== null) return;
    const started = performance.now();
    const shown = showsFigure(scan);
    const ended = performance.now();
    scan.checkMs += ended - started;
    if (!shown) return;
    scan.shownAt = ended;
    finish(scan);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });

  window.${PROBE_GLOBAL} = {
    /**
     * Watches for the next scan: the line of \`sku\` must show \`counted\` (text, as formatted). A page
     * that asks nobody (the floor page, support/floor-page.ts) passes \`answered\` false: no answer to wait for.
     */
    arm(sku, counted, answered = true) {
      if (current !== null) throw new Error('the previous scan is still being watched');
      const scan = {
        sku, counted, callId: null, lastKeyAt: 0, keys: 0, maxKeyGapMs: 0, checkMs: 0,
        firstKeyAt: null, firstKeySeenAt: null, enterAt: null, enterSeenAt: null, sentAt: null, answeredAt: null,
        shownAt: null, frameAt: null, paintedAt: null, timer: null, resolve: null,
      };
      if (!answered) {
        scan.sentAt = Number.NaN;
        scan.answeredAt = Number.NaN;
      }
      scan.done = new Promise((resolve, reject) => {
        scan.resolve = resolve;
        scan.timer = setTimeout(() => {
          if (current === scan) current = null;
          const { resolve: _r, timer: _t, done: _d, ...seen } = scan;
          const shown = text(document.querySelector('[data-testid="last-scan"]'));
          reject(new Error('the line of ' + sku + ' did not show ' + counted + ' within ' + TIMEOUT_MS + ' ms; seen: ' +
            JSON.stringify(seen) + '; the big display shows: ' + shown));
        }, TIMEOUT_MS);
      });
      current = scan;
      armed = scan;
    },
    /** Resolves with the armed scan's timings once it is painted and answered. */
    result() {
      if (armed === null) throw new Error('no scan is armed');
      return armed.done.then(({ done: _d, ...timings }) => timings);
    },
  };
})();`;
