// Module resolve hook (registered by node20-globsync.mjs): the conformance package's `fs` is node:fs with globSync.
const WITH_GLOB = new URL('./fs-with-globsync.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (
    (specifier === 'fs' || specifier === 'node:fs') &&
    context.parentURL?.includes('/@modelcontextprotocol/conformance/')
  ) {
    return { url: WITH_GLOB, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
