/** A client of an OpenAI-compatible speech-to-text endpoint (POST /v1/audio/transcriptions, multipart). */
import { errorReason } from '../log/error-message.ts';

export class TranscriptionError extends Error {
  constructor(
    message: string,
    /** True when retrying cannot help (e.g. the file is too big for the Bot API). */
    readonly permanent = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TranscriptionError';
  }
}

export interface Transcriber {
  transcribe(audio: Uint8Array, fileName: string): Promise<string>;
}

export interface TranscriberOptions {
  /** The endpoint itself, e.g. http://127.0.0.1:8000/v1/audio/transcriptions (TRANSCRIBE_URL). */
  url: string;
  apiKey: string | null;
  model?: string;
  timeoutMs?: number;
}

export function createTranscriber(options: TranscriberOptions): Transcriber {
  return {
    async transcribe(audio, fileName) {
      const form = new FormData();
      form.append('file', new Blob([audio]), fileName);
      form.append('model', options.model ?? 'whisper-1');
      form.append('response_format', 'json');
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
        });
      } catch (error) {
        throw new TranscriptionError(`the transcription endpoint could not be reached (${errorReason(error)})`, false, {
          cause: error,
        });
      }
      const body = await response.text().catch(() => '');
      if (!response.ok) throw new TranscriptionError(`the transcription endpoint answered HTTP ${response.status}`);
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        throw new TranscriptionError('the transcription endpoint answered something other than JSON');
      }
      if (typeof text !== 'string') throw new TranscriptionError('the transcription endpoint answered without a text');
      return text;
    },
  };
}
