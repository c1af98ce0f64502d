/**
 * A small ZIP reader for Day One exports: the central directory (ZIP64 too), and one member at a time as a stream.
 * No zip package is installed, and an export needs only this: stored or deflated members, read through
 * node:zlib's inflateRaw. Bounded against zip bombs: a member may not claim more than deflate can produce from its
 * compressed size, may not inflate past what it claims (nor past `maxMemberBytes`), and its CRC-32 is checked.
 */
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw, crc32 } from 'node:zlib';
import { errorReason } from '../../log/error-message.ts';

export class ZipError extends Error {}

export interface ZipMember {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
  encrypted: boolean;
  /** A symbolic link (Unix mode in the external attributes): its "content" is a path, never read as a file. */
  symlink: boolean;
}

/** Deflate's best ratio is about 1032:1; a member claiming more than this is lying. */
const DEFLATE_MAX_RATIO = 1032;
/** Members larger than this are not read (a Day One journal's JSON is far smaller). */
export const MAX_MEMBER_BYTES = 4 * 1024 ** 3;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Entries of a central directory: more than any export has, few enough to list in memory. */
const MAX_MEMBERS = 1_000_000;

export async function isZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === LOCAL;
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw new ZipError('is truncated: the zip directory points past the end of the file');
  return buffer;
}

/** The members listed in the central directory (the zip's own table of contents, at its end). */
export async function listZip(file: string): Promise<ZipMember[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = await readAt(handle, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0)
      throw new ZipError('is not a whole zip file: its directory (at the end) is missing, so it was probably cut off');
    let count = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locatorAt = eocd - 20;
      if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR)
        throw new ZipError('is a damaged ZIP64 file (no ZIP64 locator)');
      const record = await readAt(handle, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD)
        throw new ZipError('is a damaged ZIP64 file (no ZIP64 directory record)');
      count = Number(record.readBigUInt64LE(32));
      cdSize = Number(record.readBigUInt64LE(40));
      cdOffset = Number(record.readBigUInt64LE(48));
    }
    if (count > MAX_MEMBERS || cdOffset + cdSize > size)
      throw new ZipError('has a zip directory that does not fit the file (damaged or truncated)');
    const cd = await readAt(handle, cdOffset, cdSize);
    const members: ZipMember[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL)
        throw new ZipError(`has a damaged zip directory (entry ${i + 1})`);
      const flags = cd.readUInt16LE(at + 8);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      if (at + 46 + nameLength + extraLength > cd.length)
        throw new ZipError(`has a damaged zip directory (entry ${i + 1})`);
      const member: ZipMember = {
        name: cd.toString('utf8', at + 46, at + 46 + nameLength),
        method: cd.readUInt16LE(at + 10),
        crc: cd.readUInt32LE(at + 16),
        compressedSize: cd.readUInt32LE(at + 20),
        size: cd.readUInt32LE(at + 24),
        localHeaderOffset: cd.readUInt32LE(at + 42),
        encrypted: (flags & 1) === 1,
        // Made on Unix (host 3): the file mode sits in the high half of the external attributes; 0o120000 is a link.
        symlink: cd.readUInt8(at + 5) === 3 && ((cd.readUInt32LE(at + 38) >>> 16) & 0o170000) === 0o120000,
      };
      readZip64Extra(cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), member);
      members.push(member);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return members;
  } finally {
    await handle.close();
  }
}

/** Sizes and offsets that did not fit 32 bits are in the ZIP64 extra field, in this order, only those saturated. */
function readZip64Extra(extra: Buffer, member: ZipMember): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw new ZipError(`has a damaged ZIP64 field for ${member.name}`);
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (member.size === 0xffffffff) member.size = next();
      if (member.compressedSize === 0xffffffff) member.compressedSize = next();
      if (member.localHeaderOffset === 0xffffffff) member.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/** A member's bytes, inflated as they are read; throws ZipError for a bomb, a bad CRC or a truncated member. */
export async function* readZipMember(
  file: string,
  member: ZipMember,
  maxMemberBytes = MAX_MEMBER_BYTES,
): AsyncGenerator<Buffer> {
  if (member.encrypted) throw new ZipError(`holds ${member.name} encrypted; export it again without a password`);
  if (member.method !== 0 && member.method !== 8)
    throw new ZipError(
      `holds ${member.name} compressed with method ${member.method}; only stored and deflated members are read`,
    );
  if (member.size > maxMemberBytes)
    throw new ZipError(`holds ${member.name} of ${member.size} bytes, more than the ${maxMemberBytes} read`);
  if (member.method === 8 && member.size > member.compressedSize * DEFLATE_MAX_RATIO + 1024) {
    throw new ZipError(
      `holds ${member.name} claiming ${member.size} bytes from ${member.compressedSize}: more than deflate can produce (a zip bomb?)`,
    );
  }
  const handle = await open(file, 'r');
  let dataStart: number;
  try {
    const header = await readAt(handle, member.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new ZipError(`has a damaged entry for ${member.name}`);
    dataStart = member.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const { size } = await handle.stat();
    if (dataStart + member.compressedSize > size)
      throw new ZipError(`is truncated: ${member.name} runs past the end of the file`);
  } finally {
    await handle.close();
  }
  // An empty member still goes through the stream (end < start reads nothing), so both methods take one path.
  const raw = createReadStream(file, {
    start: dataStart,
    end: Math.max(dataStart, dataStart + member.compressedSize - 1),
  });
  if (member.compressedSize === 0) raw.destroy();
  const source = member.method === 0 || member.compressedSize === 0 ? raw : raw.pipe(createInflateRaw());
  let produced = 0;
  let crc = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > member.size)
        throw new ZipError(
          `holds ${member.name}, which inflates past the ${member.size} bytes it claims (a zip bomb?)`,
        );
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`holds ${member.name} damaged (${errorReason(error)})`);
  } finally {
    source.destroy();
    raw.destroy();
  }
  if (produced !== member.size)
    throw new ZipError(`holds ${member.name} cut short: ${produced} of ${member.size} bytes`);
  if (crc >>> 0 !== member.crc) throw new ZipError(`holds ${member.name} damaged: its checksum does not match`);
}
