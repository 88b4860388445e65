// nginx as a second baseline for the wide benchmark: one process (no master, one worker's work),
// serving the answers of an answers file (answers.ts) as static files with the same Content-Type,
// Content-Encoding and static headers our server sends; nginx computes its own ETag and Content-Length.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readAnswers } from './answers.ts';

/** Headers nginx sets itself, or that change per request in our server. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'etag', 'x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Writes the answers under `root` (shared by the codings: each path a directory, each coding's answer a
 * file named after the coding in it) and an nginx configuration in `dir` listening on `port`; returns
 * the arguments `nginx` takes to run it in the foreground. Paths that cannot be files are left out, and counted.
 */
export function prepareNginx(answersFile: string, coding: string, root: string, dir: string, port: number): { args: string[]; skipped: number } {
  const answers = readAnswers(answersFile);
  let skipped = 0;
  let headers: Record<string, string> = {};
  for (const [route, answer] of answers) {
    // Each answer in a directory of its own: a path can be both an answer and the folder of others (bible/genesis, bible/genesis/1);
    // a query string (`?translation=KJV`) is one more directory, as nginx's `$args` names it (try_files below).
    const [pathname = '', query = ''] = route.split('?', 2);
    const file = path.join(root, decodeURIComponent(pathname), query, coding);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, answer.body);
      headers = answer.headers;
    } catch {
      skipped++;
    }
  }
  const added = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name) && !name.startsWith('ratelimit'))
    .map(([name, value]) => `      add_header ${name} ${JSON.stringify(value)};`)
    .join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;\nmaster_process off;\nworker_processes 1;\nerror_log ${path.join(dir, 'error.log')} error;\npid ${path.join(dir, 'nginx.pid')};\n` +
      `events { worker_connections 1024; }\n` +
      `http {\n  access_log off;\n  types {}\n  default_type "${headers['content-type'] ?? 'application/json; charset=utf-8'}";\n` +
      `  open_file_cache max=8000 inactive=60s;\n  keepalive_requests 100000000;\n  sendfile on;\n  tcp_nopush on;\n` +
      `  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};\n` +
      `  server {\n    listen 127.0.0.1:${port};\n    root ${root};\n    location / {\n      try_files $uri/$args/${coding} =404;\n${added}\n    }\n  }\n}\n`,
  );
  return { args: ['-p', dir, '-c', conf], skipped };
}
