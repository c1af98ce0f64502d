/** Table types of /reflect, the journal that asks back (the Database interface is db/schema.ts's). */

/** /reflect on, per owner and journal ('' the main journal); no row: off. */
export interface ReflectSettingTable {
  owner_id: number;
  journal: string;
  /** ISO instant it was turned on. */
  since: string;
}

/** One row per entry a follow-up question was claimed for: at most one per entry, and its day counts toward three. */
export interface ReflectQuestionTable {
  owner_id: number;
  entry_id: number;
  local_day: string;
  status: 'asking' | 'asked' | 'none' | 'failed';
  claimed_at: string;
}
