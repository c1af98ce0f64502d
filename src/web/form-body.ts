/**
 * A POST's form, read with a bound: a plain form (`application/x-www-form-urlencoded`) up to FORM_MAX_BYTES, one with
 * files (`multipart/form-data`, the write form's photos) up to UPLOAD_MAX_BYTES. A body over its bound is refused as
 * soon as it passes it (the rest is not read into memory); a body that is not a form reads as an empty one, so its
 * missing token is what refuses it.
 */
import type { IncomingMessage } from 'node:http';

/** A form without files: an entry's text and a few fields fit many times over. */
export const FORM_MAX_BYTES = 1024 * 1024;
/** A form with photos: up to MAX_PHOTOS photos of a phone's camera and the text. */
export const UPLOAD_MAX_BYTES = 40 * 1024 * 1024;

/** One uploaded file: its bytes, the type the browser gave and its name. */
export interface UploadedFile {
  bytes: Buffer;
  type: string;
  name: string;
}

/** A submitted form's fields (the last value of each) and files. */
export interface SubmittedForm {
  field(name: string): string | null;
  files(name: string): UploadedFile[];
}

/** The body is larger than its bound (413), or says it is. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(
      `That form is larger than ${Math.round(maxBytes / (1024 * 1024))} MB: send fewer or smaller photos, or less text.`,
    );
    this.name = 'BodyTooLargeError';
  }
}

const emptyForm: SubmittedForm = { field: () => null, files: () => [] };

async function readBounded(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** Reads and parses the request's form; a body of another type is drained (within the plain form's bound) and empty. */
export async function readForm(req: IncomingMessage): Promise<SubmittedForm> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const body = await readBounded(req, UPLOAD_MAX_BYTES);
    let data: FormData;
    try {
      // undici's multipart reader (Node's own fetch): no parser of ours, no package for it.
      data = await new Response(body, { headers: { 'content-type': req.headers['content-type']! } }).formData();
    } catch {
      return emptyForm;
    }
    const files = new Map<string, UploadedFile[]>();
    for (const [name, value] of data.entries()) {
      if (typeof value === 'string') continue;
      // A file input left empty still sends a part, with no name and no bytes.
      if (value.size === 0 && value.name === '') continue;
      const list = files.get(name) ?? [];
      list.push({ bytes: Buffer.from(await value.arrayBuffer()), type: value.type, name: value.name });
      files.set(name, list);
    }
    return {
      field: (name) => {
        const values = data.getAll(name).filter((v): v is string => typeof v === 'string');
        return values.at(-1) ?? null;
      },
      files: (name) => files.get(name) ?? [],
    };
  }
  const body = await readBounded(req, FORM_MAX_BYTES);
  if (!type.startsWith('application/x-www-form-urlencoded')) return emptyForm;
  const params = new URLSearchParams(body.toString('utf8'));
  return {
    field: (name) => params.getAll(name).at(-1) ?? null,
    files: () => [],
  };
}
