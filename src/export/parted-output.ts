/**
 * Text written to one file, or to several when a size limit is given (Telegram takes uploads of up to 50 MB):
 * each part starts with its own head and ends with the tail, so every part is a whole document on its own.
 */
import { open, type FileHandle } from 'node:fs/promises';

/** An export file is already there: an export never replaces an earlier one; the message names it. */
export class ExportExistsError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} already exists: an export never replaces an earlier file. Nothing more was written; give --out another name (or move that file away).`,
    );
    this.name = 'ExportExistsError';
  }
}

export interface ExportFile {
  path: string;
  bytes: number;
  /**
   * An export file's media: the `media/…` paths its entries' media items name (what the export wrote beside it), in
   * order of first mention. A zip of the file carries these (zip-parts.ts), whatever the entries' text says.
   */
  media?: string[];
}

export interface PartedOutputOptions {
  /** The file of part n (1-based). */
  pathOf(part: number): string;
  head(part: number): string;
  tail: string;
  /** Written between two chunks of the same part. */
  separator: string;
  /** A part is closed before a chunk would take it past this; a single bigger chunk still gets its own part. */
  maxBytes?: number;
}

const FLUSH_AT = 1 << 20;

export class PartedOutput {
  private handle: FileHandle | null = null;
  private part = 0;
  private bytes = 0;
  private chunks = 0;
  /** Bytes the part's chunks bring besides their text (the media a zip of the part carries), counted toward maxBytes. */
  private carried = 0;
  /** The part's media paths so far (its file's `media`, as a set for the look-up). */
  private partMedia = new Set<string>();
  private buffer: string[] = [];
  private buffered = 0;
  readonly files: ExportFile[] = [];

  constructor(private readonly options: PartedOutputOptions) {}

  /**
   * `carries`: bytes that go with the chunk besides its text (its media, when the part is sent as a zip); `media`: the
   * `media/…` paths of those media, listed on the part's file.
   */
  async add(chunk: string, carries = 0, media: readonly string[] = []): Promise<void> {
    const size = Buffer.byteLength(chunk) + Buffer.byteLength(this.options.separator) + carries;
    const limit = this.options.maxBytes ?? Infinity;
    if (
      this.handle === null ||
      (this.chunks > 0 && this.bytes + this.carried + size + Buffer.byteLength(this.options.tail) > limit)
    )
      await this.nextPart();
    await this.write(this.chunks > 0 ? this.options.separator + chunk : chunk);
    this.carried += carries;
    this.chunks += 1;
    for (const m of media) {
      if (this.partMedia.has(m)) continue;
      this.partMedia.add(m);
      this.files.at(-1)!.media!.push(m);
    }
  }

  /** Closes the last part (an empty output still gets one part: head and tail) and lists the files written. */
  async close(): Promise<ExportFile[]> {
    if (this.handle === null) await this.nextPart();
    await this.finishPart();
    return this.files;
  }

  private async nextPart(): Promise<void> {
    if (this.handle !== null) await this.finishPart();
    this.part += 1;
    const path = this.options.pathOf(this.part);
    // Exclusive: a file already there (an earlier export) is refused, never replaced.
    try {
      this.handle = await open(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ExportExistsError(path);
      throw error;
    }
    this.files.push({ path, bytes: 0, media: [] });
    this.bytes = 0;
    this.carried = 0;
    this.partMedia = new Set();
    this.chunks = 0;
    await this.write(this.options.head(this.part));
  }

  private async finishPart(): Promise<void> {
    await this.write(this.options.tail);
    await this.flush();
    await this.handle!.close();
    this.files.at(-1)!.bytes = this.bytes;
    this.handle = null;
  }

  private async write(text: string): Promise<void> {
    this.buffer.push(text);
    const size = Buffer.byteLength(text);
    this.bytes += size;
    this.buffered += size;
    if (this.buffered >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    await this.handle!.write(this.buffer.join(''));
    this.buffer = [];
    this.buffered = 0;
  }
}
