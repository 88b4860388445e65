// What a webhook error message may repeat of the caller's input: at most 100 characters of it, so a
// 16 KiB body or a 2,048-character url is not echoed back whole (in the body, the logs, a client's UI).

export const MAX_ECHO_CHARS = 100;

/** `text`, cut to `max` characters with `…` when longer. */
export function truncateEcho(text: string, max: number = MAX_ECHO_CHARS): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}
