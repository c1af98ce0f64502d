/** What to tell the user when the Messages API fails after the SDK's own retries: no stack trace, the question kept. */
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';

export const isApiFailure = (error: unknown): error is APIError => error instanceof APIError;

const KEPT = 'Your question is kept: retry in a moment.';

/** One short paragraph for the chat; the details go to the log. */
export function apiFailureText(error: APIError): string {
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    return `The model API rejected the bot's key (${error.status}): the bot's owner must check ANTHROPIC_API_KEY. Your question is kept: retry once that is fixed.`;
  }
  // A streamed answer can break mid-way with an `error` event: no HTTP status then, only the error's type.
  if (error instanceof RateLimitError || error.type === 'rate_limit_error')
    return `The model is busy (too many requests). ${KEPT}`;
  if (error instanceof OverloadedError || error.type === 'overloaded_error')
    return `The model is overloaded right now. ${KEPT}`;
  if (error instanceof APIConnectionTimeoutError) return `The model did not answer in time. ${KEPT}`;
  if (error instanceof APIConnectionError) return `The model could not be reached (no connection). ${KEPT}`;
  if (error.status !== undefined && error.status >= 500)
    return `The model is unavailable right now (error ${error.status}). ${KEPT}`;
  if (error.status === undefined && error.type === 'api_error')
    return `The model is unavailable right now (it stopped mid-answer). ${KEPT}`;
  return `The model API refused the request (error ${error.status ?? 'unknown'}); it is logged for the bot's owner. ${KEPT}`;
}

/** Log fields that identify the failure without any message text. */
export function apiFailureFields(error: APIError) {
  return {
    error_class: error.constructor.name,
    status: error.status ?? null,
    type: error.type ?? null,
    request_id: error.requestID ?? null,
  };
}
