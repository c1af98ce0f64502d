// A preload (node --import) for Node 20, whose fs has no globSync (Node 22+): @modelcontextprotocol/conformance
// imports it at load, to find checks.json files under a results folder. For that package only, `fs` resolves to
// fs-with-globsync.mjs (node:fs plus a small globSync). On Node 22+ it does nothing. docs/mcp.md says when it is used.
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./node20-globsync-hooks.mjs', import.meta.url);
