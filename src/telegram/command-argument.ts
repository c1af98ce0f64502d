/**
 * What follows a command in a message's text ("/review week" → "week", "/export@journal_bot md" → "md"). A job runs
 * on a context rebuilt from its stored update, where grammY's `ctx.match` is not set, so it reads the argument here.
 */
export function commandArgument(text: string | undefined): string {
  return /^\/\w+(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text ?? '')?.[1]?.trim() ?? '';
}
