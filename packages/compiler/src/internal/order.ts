// Deterministic orders: code-unit string comparison (the same on every machine, unlike
// `localeCompare`) and the key titles sort by.

import { normalizeConceptName } from '@skg/core';

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The key alphabetical order compares: accents and case removed, punctuation as spaces. */
export function titleKey(title: string): string {
  return normalizeConceptName(title) || title;
}
