// `skg fetch`: download the pinned upstream files into the sources directory, checking each sha256.

import type { Command } from 'commander';
import { addConfigOptions, readConfigFlags, resolveConfig } from '../config.ts';

const KEYS = ['sources'] as const;

export function registerFetchCommand(program: Command): void {
  const command = program
    .command('fetch')
    .description('download the pinned upstream files into the sources directory and check every sha256 (files already there are kept)');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
    const { fetchSources } = await import('@skg/ingest');
    let settled = 0;
    const report = await fetchSources({
      sourcesDir: config.sources,
      onFile: ({ path, status }) => {
        settled++;
        if (status === 'downloaded') console.log(`skg fetch: ${path}`);
        else if (settled % 250 === 0) console.log(`skg fetch: ${settled} files checked`);
      },
    });
    const megabytes = (report.bytes / 1e6).toFixed(1);
    console.log(
      `skg fetch: ${report.sourcesDir}: ${report.present} files already there, ${report.downloaded.length} downloaded (${megabytes} MB), every sha256 checked`,
    );
  });
}
