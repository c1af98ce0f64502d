// Starts the TypeScript parse worker under any runner (node --import tsx, tsx, vitest): a worker thread
// does not inherit the parent's loader hooks, so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
