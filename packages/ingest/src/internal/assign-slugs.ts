// Unique slugs for documents whose names repeat: the first keeps the plain slug, the next ones get
// `-2`, `-3` … in the order given (the caller sorts deterministically first).

import { slugify } from '@skg/core';

/**
 * Returns one slug per item, in input order. Items are grouped by `slugify(name(item))`; within a group
 * the first item gets the plain slug, the n-th `<slug>-<n>`. A suffixed slug that another name already
 * owns as its plain slug (`judah-2` from a name "Judah 2") moves on to the next free number. An empty
 * slug becomes `unnamed`. `alternatives` gives names to try, in order, before a number: the first whose
 * slug is free is taken (`jesus-justus`). `owner` names the item a slug is kept for (the id a person was
 * served under before, see reader-names.ts): no other item takes it.
 */
export function assignSlugs<T>(
  items: readonly T[],
  name: (item: T) => string,
  alternatives?: (item: T) => readonly string[],
  owner?: (slug: string) => T | undefined,
): string[] {
  const bases = items.map((item) => slugify(name(item)) || 'unnamed');
  const taken = new Set<string>();
  const keptForOther = (slug: string, index: number) => {
    const kept = owner?.(slug);
    return kept !== undefined && kept !== items[index];
  };
  const slugs: (string | undefined)[] = bases.map((base, index) => {
    if (taken.has(base) || keptForOther(base, index)) return undefined;
    taken.add(base);
    return base;
  });
  const seen = new Map<string, number>();
  return bases.map((base, index) => {
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const plain = slugs[index];
    if (plain !== undefined) return plain;
    for (const alternative of alternatives?.(items[index] as T) ?? []) {
      const slug = slugify(alternative);
      if (slug === '' || taken.has(slug) || keptForOther(slug, index)) continue;
      taken.add(slug);
      return slug;
    }
    let n = Math.max(count, 2);
    while (taken.has(`${base}-${n}`) || keptForOther(`${base}-${n}`, index)) n++;
    taken.add(`${base}-${n}`);
    return `${base}-${n}`;
  });
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
