// `skg verify`: checks dist/ against its manifest, checksums included. Fails on any problem.

import type { Command } from 'commander';
import { addConfigOptions, readConfigFlags, resolveConfig } from '../config.ts';
import { hasStoredAnswers } from './start.ts';

const KEYS = ['dist'] as const;

export function registerVerifyCommand(program: Command): void {
  const command = program.command('verify').description('check dist/: manifest valid, every artefact present with the right size and sha256');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
    const { checkDist, formatDistProblem } = await import('@skg/server');
    const problems = await checkDist(config.dist, { checksums: true });
    if (problems.length === 0) {
      console.log(`ok: ${config.dist} matches its manifest (sizes and sha256 checked)`);
      // A build written with --no-render (what a first `skg start` serves from while it renders) is complete: only slower.
      if (!hasStoredAnswers(config.dist)) {
        console.log('partial: no stored answers (built with --no-render, or their render has not finished): every answer is computed on request; `skg build --render-only` adds them');
      }
      return;
    }
    for (const problem of problems) console.log(`${problem.optional ? 'optional' : 'required'}: ${formatDistProblem(problem)}`);
    throw new Error(`${config.dist} has ${problems.length} problem(s); run \`skg build\``);
  });
}
