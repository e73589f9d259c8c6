// The counting page's calls to main, one after another in the order they were made: a fast burst of
// scans is never reordered, and an edit or a shelf label lands between the scans it came between.
// A call that fails (or throws) never stops the ones after it.
export class CallQueue {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `work` once every call queued before it has settled; resolves (or rejects) with it. */
  run(work: () => Promise<void>): Promise<void> {
    this.#tail = this.#tail.then(work, work);
    return this.#tail;
  }
}
