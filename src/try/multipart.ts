// Reads multipart/form-data bodies (uploads) for the Bot API stand-ins (npm run try, and the tests' own).

/** One uploaded file of a multipart body. */
export interface UploadedFile {
  name: string;
  content: Buffer;
}

/** A multipart/form-data body: text fields as strings, file parts under `files` by field name. */
export type MultipartBody = Record<string, unknown> & { files: Record<string, UploadedFile> };

export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const payload: MultipartBody = { files: {} };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4, part.length - 2); // the CRLF before the next delimiter
      const name = /[;\s]name="([^"]*)"/i.exec(headers)?.[1] ?? '';
      const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
      if (filename !== undefined) payload.files[name] = { name: filename, content: Buffer.from(content) };
      else payload[name] = content.toString('utf8');
    }
    start = next;
  }
  return payload;
}
