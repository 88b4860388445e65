// Baseline for the wide benchmark: bare node:http answering many paths, each with the bytes and the
// headers our server answered it with (tools/lib/answers.ts), from memory: a Map lookup and a write.
// Usage: tsx tools/bare-server-paths.ts <answers-file> <port>

import { createServer } from 'node:http';
import { readAnswers } from './lib/answers.ts';

const [answersFile, portText] = process.argv.slice(2);
if (!answersFile || !portText) throw new Error('usage: bare-server-paths.ts <answers-file> <port>');
const answers = readAnswers(answersFile);

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}).listen(Number(portText), '127.0.0.1', () => console.log('ready'));
