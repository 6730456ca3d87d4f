// Prints the node options the api runs with (docs/scaling.md "The api's node flags"): the V8 flags
// of package.json `config.api_node_args`, and on Node 22 and 23 `--experimental-async-context-frame`,
// which puts AsyncLocalStorage on V8's continuation data instead of promise hooks (Node 24 does so
// by default and names the flag otherwise). `npm start`, `npm run start:api`, `npm run bench` and
// docker-compose start the api with `node $(node scripts/api-node-args.mjs) dist/apps/api/src/main.js`.
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';
const config = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).config;
const args = config.api_node_args.split(' ').filter(Boolean);
if (process.allowedNodeEnvironmentFlags.has(ASYNC_CONTEXT_FRAME)) args.push(ASYNC_CONTEXT_FRAME);
process.stdout.write(`${args.join(' ')}\n`);
