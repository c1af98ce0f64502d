/** The context every handler sees. */
import type { Context } from 'grammy';

export type BotContext = Context;
