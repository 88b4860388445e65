// Reads a Dockerfile into the steps deploy/check-production-install.sh runs without a Docker engine,
// one per line, tab-separated, in the file's order:
//
//   STAGE  <name>                 a FROM line (`AS <name>`, or its index)
//   WORKDIR <dir>
//   COPY   <src>…  <dest>         sources relative to the build context (`--from=<stage>` kept as the first field)
//   RUN    <command>              continuation lines joined, as /bin/sh -c gets it
//   ENV    <name>=<value>         one line per variable (both `ENV a=b c=d` and `ENV a b` forms)
//   CMD    <argument>…            the exec (JSON) form only: a shell form is refused
//   HEALTHCHECK <argument>…       its CMD, exec form only
//
// Comments, ARG, USER, VOLUME, EXPOSE, STOPSIGNAL and LABEL are left out (the check needs none of them).
//
//   node deploy/dockerfile-steps.mjs [Dockerfile]

import { readFileSync } from 'node:fs';

/** The instructions of `text`, continuation lines joined, comments and blank lines dropped. */
export function readInstructions(text) {
  const instructions = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (pending === '' && (/^\s*#/.test(line) || line.trim() === '')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    const space = whole.search(/\s/);
    instructions.push({ op: whole.slice(0, space).toUpperCase(), rest: whole.slice(space + 1).trim() });
  }
  return instructions;
}

function execForm(op, rest) {
  let parsed;
  try {
    parsed = JSON.parse(rest);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`${op} ${rest}: only the exec form (a JSON array) is supported`);
  return parsed;
}

/** ENV in both forms: `ENV A=1 B="two words"` and `ENV A value with spaces`. */
function envPairs(rest) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) {
    const space = rest.search(/\s/);
    return [`${rest.slice(0, space)}=${rest.slice(space + 1).trim()}`];
  }
  return [...rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)].map(([, name, value]) => `${name}=${value.startsWith('"') ? JSON.parse(value) : value}`);
}

/** The steps of a Dockerfile's text, as lines of tab-separated fields (see the header). */
export function listSteps(text) {
  const steps = [];
  let stage = 0;
  for (const { op, rest } of readInstructions(text)) {
    if (op === 'FROM') steps.push(['STAGE', /\sAS\s+(\S+)/i.exec(rest)?.[1] ?? String(stage++)]);
    else if (op === 'WORKDIR' || op === 'RUN') steps.push([op, rest]);
    else if (op === 'COPY') steps.push(['COPY', ...rest.split(/\s+/)]);
    else if (op === 'ENV') for (const pair of envPairs(rest)) steps.push(['ENV', pair]);
    else if (op === 'CMD') steps.push(['CMD', ...execForm(op, rest)]);
    else if (op === 'HEALTHCHECK') {
      const command = /\bCMD\s+(.*)$/.exec(rest);
      if (!command) throw new Error(`HEALTHCHECK ${rest}: no CMD`);
      steps.push(['HEALTHCHECK', ...execForm(op, command[1])]);
    }
  }
  return steps;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? 'Dockerfile';
  for (const step of listSteps(readFileSync(file, 'utf8'))) {
    if (step.some((field) => /[\t\n]/.test(field))) throw new Error(`${file}: a step holds a tab or a newline: ${step.join(' ')}`);
    console.log(step.join('\t'));
  }
}
