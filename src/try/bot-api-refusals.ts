/** Telegram's refusals of calls it does not know, shared by npm run try's Bot API stand-in and the tests'. */
import { KNOWN_BOT_API } from './bot-api-known.ts';

/** The known methods as a map (method → its parameters). */
export const knownBotApiMap = (): Map<string, Set<string>> =>
  new Map(Object.entries(KNOWN_BOT_API).map(([m, p]) => [m, new Set(p === '' ? [] : p.split(' '))]));

/**
 * How Telegram refuses a call, or null when it takes it: an unknown method 404 "Not Found", an unknown parameter 400
 * "Bad Request: …" (`known`: method → its parameters).
 */
export function botApiCallProblem(
  known: ReadonlyMap<string, ReadonlySet<string>>,
  method: string,
  payload: Record<string, unknown>,
): { error_code: 404 | 400; description: string } | null {
  const params = known.get(method);
  if (!params) return { error_code: 404, description: 'Not Found' };
  // An upload's file parts travel beside the fields (multipart), named by the attach:// the field holds.
  const unknown = Object.keys(payload).filter((k) => k !== 'files' && !params.has(k));
  if (unknown.length === 0) return null;
  return {
    error_code: 400,
    description: `Bad Request: unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} of ${method}`,
  };
}
