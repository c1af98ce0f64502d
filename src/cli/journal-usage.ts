/** What `npm run journal -- --help` prints, and the commands it knows: read before any of the journal code loads. */
export const USAGE = `Usage: npm run -s journal -- <command> [--owner <telegram user id>]
  objects                                  the handles you hold, one per line
  analyze <objId>                          an object's interface: kind, fields, methods
  invoke <objId> <methodName> ['<json>']   runs a method; prints the result as JSON
  kinds                                    the kinds of object there are
  kind <kind>                              one kind's interface
  usage                                    how often each method is called, and the call sequences that recur
  inbox [retry]                            updates parked or waiting for another try; retry replays them
  sent [--since YYYY-MM-DD]                which entries' text was sent to a model: totals by day and endpoint
  media <entry id> [--index N]             a photo's, voice note's or file's bytes to stdout (N: 0 first)
The journal is the file at DATABASE_PATH (default data/journal.sqlite), or PostgreSQL at DATABASE_URL; it must exist.
-s keeps npm's banner off stdout, so invoke's JSON can be piped.`;

export const COMMANDS = ['objects', 'analyze', 'invoke', 'kinds', 'kind', 'usage', 'sent', 'inbox', 'media'];
