// Saves text as a file the way a page can: a Blob behind an <a download> link, clicked once. The text
// keeps its byte-order mark (the export starts with one so Excel reads Thai as UTF-8); a Blob encodes
// strings as UTF-8. The object URL is released once the browser has had time to start the download.
const RELEASE_AFTER_MS = 60_000;

export function saveTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(fileName, text, type);
}

/** Saves any bytes (or text, as UTF-8) under `fileName` in the browser's downloads. */
export function saveFile(fileName: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}
