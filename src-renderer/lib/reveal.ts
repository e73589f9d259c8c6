// An opened record's panel on a list+detail page (quotations, returns): the panel may sit below a long
// list, so opening a record scrolls it into view and puts the focus on it, where its keys act and a
// screen reader reads it, not on the page's body. Used as an attachment: {@attach reveal(key)}; the
// panel is revealed when it appears and again each time `key` changes (another record, a save).
import type { Attachment } from 'svelte/attachments';

export function reveal(key: unknown): Attachment<HTMLElement> {
  return (panel) => {
    void key;
    if (!panel.hasAttribute('tabindex')) panel.tabIndex = -1;
    // After this frame's effects: a form that was just saved has closed its dialog (the page behind a
    // modal dialog cannot take the focus).
    const frame = requestAnimationFrame(() => {
      // Where the person already went (a field of the panel, Alt+T; a filter) keeps the focus.
      const active = document.activeElement;
      if (panel.contains(active) || active?.matches('input, textarea, select')) return;
      panel.scrollIntoView({ block: 'start' });
      panel.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  };
}
