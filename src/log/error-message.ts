/**
 * The text of anything thrown, in the two forms the code needs; the one place that asks `instanceof Error`
 * (test/error-message.test.ts keeps inline copies out of src/).
 */

/** The error's name and message, for a log field or a "… failed: <why>" line a person reads. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The message alone, for wrapping into another error's text or a report where the name would be noise. */
export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
