// The words of the shared form parts (FormFooter) in English and Thai. A missing Thai string is a type error.
import { translator } from '../lib/i18n.svelte.js';

export const formWords = translator({
  en: {
    cancel: 'Cancel (Esc)',
  },
  th: {
    cancel: 'ยกเลิก (Esc)',
  },
});
