/**
 * The ledger's record of entry text an MCP client received: each tool result that carried entries' text becomes one
 * record (no conversation) under the surface's endpoint (`mcp:stdio`, `mcp:remote`) and the client's name as the
 * model. Writes run in the background (a tool's answer never waits for them); `settled()` waits for them at a stop.
 */
import { errorMessage } from '../log/error-message.ts';
import type { Logger } from '../log/logger.ts';
import type { SentLedger } from '../llm/sent-ledger.ts';
import type { SentItems } from '../objects/kind.ts';

export interface SentReportDeps {
  ledger: Pick<SentLedger, 'record'>;
  clock: () => Date;
  logger: Logger;
}

export function createSentReports(deps: SentReportDeps) {
  const writing = new Set<Promise<void>>();
  return {
    /** The reportSent hook for one owner's operations: `endpoint` is the surface, `model` names the client. */
    reporter(ownerId: number, endpoint: string, model: string): (sent: SentItems) => void {
      return (sent) => {
        const write = deps.ledger
          .record([
            { ownerId, conversationId: null, sentAt: deps.clock(), endpoint, model, via: 'answer', items: sent.items },
          ])
          .catch((error: unknown) => deps.logger.error('mcp.ledger_failed', { error: errorMessage(error) }))
          .finally(() => writing.delete(write));
        writing.add(write);
      };
    },
    async settled(): Promise<void> {
      await Promise.all(writing);
    },
  };
}
