/**
 * The path and query of a request's target, read without throwing. `new URL(target, base)` takes a target starting
 * with `//` for a host (`//a:99999` throws, `///` throws): origin-form targets are read as a path on a fixed origin
 * instead, absolute-form ones (`http://host/path`, which a client may send) for their path. Anything else (`*`, an
 * authority, bytes that are no URL) is null: the caller answers 400.
 */
const FIXED_ORIGIN = 'http://request.invalid';

export function requestTarget(target: string | undefined): URL | null {
  if (target === undefined || target === '') return null;
  try {
    if (target.startsWith('/')) return new URL(`${FIXED_ORIGIN}${target}`);
    if (/^https?:\/\//i.test(target)) {
      const absolute = new URL(target);
      return new URL(`${FIXED_ORIGIN}${absolute.pathname}${absolute.search}`);
    }
  } catch {
    // falls through: not a URL
  }
  return null;
}
