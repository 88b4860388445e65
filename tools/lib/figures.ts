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
