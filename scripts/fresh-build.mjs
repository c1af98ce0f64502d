// Preloaded by the npm scripts (`node --import ./scripts/fresh-build.mjs dist/…`): rebuilds dist/ before the
// entry point loads when a source changed since the last build, so an edit is never run stale. Fresh, it only
// stats the sources. Deployments run `node dist/main.js` itself (built once by npm ci), without this.
import { buildErrorText, buildIfStale } from './build.mjs';

try {
  await buildIfStale();
} catch (error) {
  process.stderr.write(`The build failed, so nothing was started:\n${buildErrorText(error)}\n`);
  process.exit(1);
}
