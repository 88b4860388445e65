// The figures a load benchmark prints: each as it is measured, then all of them as a markdown table
// (what the README quotes).

export interface Figures {
  record(name: string, value: string): void;
  /** The markdown table of every figure recorded. */
  printTable(): void;
}

export function createFigures(): Figures {
  const figures: Array<[string, string]> = [];
  return {
    record(name, value) {
      figures.push([name, value]);
      console.log(`${name}: ${value}`);
    },
    printTable() {
      console.log('\n| figure | value |\n|---|---|');
      for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
    },
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
