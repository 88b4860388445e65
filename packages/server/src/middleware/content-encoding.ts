// Accept-Encoding (RFC 9110 §12.5.3): does the client accept a content coding?

/**
 * True when `header` lists `coding` (or `*`) with a non-zero weight and does not refuse `coding`
 * explicitly (`br;q=0`). No header means no coding but identity.
 */
export function acceptsEncoding(header: string | null, coding: string): boolean {
  if (header === null || header === '') return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const semicolon = part.indexOf(';');
    const name = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    if (name !== coding && name !== '*') continue;
    const accepted = semicolon === -1 || !isZeroWeight(part.slice(semicolon + 1));
    if (name === coding) return accepted;
    wildcard = accepted;
  }
  return wildcard;
}

/** `q=0`, `q=0.0`, `q=0.000` (weights have at most three decimals). */
function isZeroWeight(params: string): boolean {
  for (const param of params.split(';')) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'q' && value !== undefined) return Number(value.trim()) === 0;
  }
  return false;
}
