/**
 * Watches the token stream before the parser sees it: checks that the parts of an export that must be arrays or
 * objects are, and cuts out anything nested past MAX_DEPTH (replaced by a null), so parsing stays linear in the
 * file size and no shape can exhaust a stack. The message holding a cut is marked, and then skipped as too deep.
 */
import { TokenType, type ParsedTokenInfo } from '@streamparser/json';
import { NotAnExport } from './parse-failure.ts';

/** Levels from the top of the file; a message sits at level 2 (one chat) or 5 (full export), its text two or three below. */
export const MAX_DEPTH = 100;

interface Frame {
  array: boolean;
  /** The key of the value being read in an object (null between values); arrays read '*'. */
  key: string | null;
}

/** What each of these paths must hold; anything else means the JSON is not an export. */
const EXPECTED: Record<string, 'array' | 'object'> = {
  messages: 'array',
  chats: 'object',
  'chats.list': 'array',
  'chats.list.*': 'object',
  'chats.list.*.messages': 'array',
  left_chats: 'object',
  'left_chats.list': 'array',
  'left_chats.list.*': 'object',
  'left_chats.list.*.messages': 'array',
};

const KIND_OF: Partial<Record<TokenType, string>> = {
  [TokenType.LEFT_BRACE]: 'an object',
  [TokenType.LEFT_BRACKET]: 'an array',
  [TokenType.STRING]: 'a string',
  [TokenType.NUMBER]: 'a number',
  [TokenType.TRUE]: 'true',
  [TokenType.FALSE]: 'false',
  [TokenType.NULL]: 'null',
};

/** Where a message value (an element of a chat's messages) sits, as a path of keys. */
function isInsideMessage(path: string[]): boolean {
  if (path[0] === 'messages') return path.length >= 2;
  return (
    (path[0] === 'chats' || path[0] === 'left_chats') &&
    path[1] === 'list' &&
    path[3] === 'messages' &&
    path.length >= 5
  );
}

/** Readable field name: chats.list.*.messages → chats.list[…].messages */
const fieldName = (path: string[]) => path.join('.').replaceAll('.*', '[…]');

export class ExportStructureGuard {
  readonly rootKeys = new Set<string>();
  readonly #frames: Frame[] = [];
  #afterColon = false;
  #skipping = 0;
  #messageTooDeep = false;
  /** The last token handed to the parser. */
  #last: TokenType | null = null;

  /** The token to hand to the parser, or null to drop it (inside a cut). Throws NotAnExport on a wrong shape. */
  accept(token: ParsedTokenInfo): ParsedTokenInfo | null {
    const type = token.token;
    if (this.#skipping > 0) {
      if (type === TokenType.LEFT_BRACE || type === TokenType.LEFT_BRACKET) this.#skipping += 1;
      else if (type === TokenType.RIGHT_BRACE || type === TokenType.RIGHT_BRACKET) this.#skipping -= 1;
      return null;
    }
    this.#last = type;
    const top = this.#frames.at(-1);
    if (type === TokenType.RIGHT_BRACE || type === TokenType.RIGHT_BRACKET) {
      this.#frames.pop();
      return token;
    }
    if (type === TokenType.COLON) {
      this.#afterColon = true;
      return token;
    }
    if (type === TokenType.COMMA) {
      if (top && !top.array) top.key = null;
      return token;
    }
    if (top && !top.array && !this.#afterColon) {
      // A key: remember it until its value has been read.
      top.key = String(token.value);
      if (this.#frames.length === 1) this.rootKeys.add(top.key);
      return token;
    }
    this.#afterColon = false;
    if (this.#mayBeExpected()) this.#check(this.#path(), type);
    if (type !== TokenType.LEFT_BRACE && type !== TokenType.LEFT_BRACKET) {
      if (this.#frames.length === 0) throw new NotAnExport('the top level is not an object');
      return token;
    }
    if (this.#frames.length === 0 && type !== TokenType.LEFT_BRACE)
      throw new NotAnExport('the top level is not an object');
    if (this.#frames.length >= MAX_DEPTH) {
      this.#skipping = 1;
      if (this.#insideMessage()) this.#messageTooDeep = true;
      return { token: TokenType.NULL, value: null, offset: token.offset };
    }
    this.#frames.push({ array: type === TokenType.LEFT_BRACKET, key: null });
    return token;
  }

  /**
   * Whether the last token opened a chat's messages array or separated two of its values, so that the next value is
   * a message: where the reader's fast lane (message-scanner.ts) may parse one whole.
   */
  get messageNext(): boolean {
    if (this.#skipping > 0 || (this.#last !== TokenType.COMMA && this.#last !== TokenType.LEFT_BRACKET)) return false;
    const f = this.#frames;
    if (f.length === 2) return f[0]!.key === 'messages' && f[1]!.array;
    const section = f[0]?.key;
    return (
      f.length === 5 &&
      (section === 'chats' || section === 'left_chats') &&
      f[1]!.key === 'list' &&
      f[2]!.array &&
      f[3]!.key === 'messages' &&
      f[4]!.array
    );
  }

  /** Whether the message just parsed had something cut out; reads and resets the mark. */
  takeTooDeep(): boolean {
    const tooDeep = this.#messageTooDeep;
    this.#messageTooDeep = false;
    return tooDeep;
  }

  #path(): string[] {
    return this.#frames.slice(0, 6).map((f) => (f.array ? '*' : (f.key ?? '')));
  }

  /** A cheap first look (no allocation, on every value): could the value being read sit at one of the EXPECTED paths? */
  #mayBeExpected(): boolean {
    const f = this.#frames;
    if (f.length === 1) return f[0]!.key === 'messages' || f[0]!.key === 'chats' || f[0]!.key === 'left_chats';
    if (f.length < 2 || f.length > 4 || (f[0]!.key !== 'chats' && f[0]!.key !== 'left_chats') || f[1]!.key !== 'list')
      return false;
    return f.length !== 4 || f[3]!.key === 'messages';
  }

  #insideMessage(): boolean {
    return isInsideMessage(this.#path());
  }

  #check(path: string[], type: TokenType): void {
    const expected = EXPECTED[path.join('.')];
    if (!expected) return;
    const actual = type === TokenType.LEFT_BRACKET ? 'array' : type === TokenType.LEFT_BRACE ? 'object' : null;
    if (actual !== expected) {
      throw new NotAnExport(
        `"${fieldName(path)}" is ${KIND_OF[type] ?? 'something else'}, not ${expected === 'array' ? 'an array' : 'an object'}`,
      );
    }
  }
}
