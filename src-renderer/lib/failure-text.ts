// A failed try's text as people can read it; pure, so it is tested without a page.
/**
 * The back office's own words of a failed try, short: an answer body that is JSON text (as the
 * sandbox's and some proxies' 5xx pages are) gives its message.
 */
export function failureText(text: string): string {
  let value: unknown = text;
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth += 1) {
    try {
      value = JSON.parse(value);
    } catch {
      break;
    }
  }
  const message =
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
      ? value.message
      : text;
  return message.length > 160 ? `${message.slice(0, 159)}…` : message;
}
