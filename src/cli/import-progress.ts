/** Import progress on stderr: a live bar (messages/s, ETA) on a terminal, a plain line every few seconds otherwise. */
import cliProgress from 'cli-progress';
import type { ImportProgress } from '../importer/import-progress.ts';

export interface ProgressReporter {
  update(progress: ImportProgress): void;
  stop(): void;
}

const PLAIN_EVERY_MS = 2000;
/** "12.3 MB", or "42 kB" for a file a bot upload is made of ("0.0 MB" says nothing). */
const size = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`);

function rates(progress: ImportProgress, startedAt: number) {
  const seconds = Math.max((Date.now() - startedAt) / 1000, 0.001);
  const fraction = progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : 1;
  const eta = fraction > 0 ? Math.max(0, Math.round((seconds / fraction) * (1 - fraction))) : 0;
  return { speed: Math.round(progress.messages / seconds), percent: Math.floor(fraction * 100), eta };
}

export function createProgressReporter(stream: NodeJS.WriteStream): ProgressReporter {
  let startedAt = Date.now();
  let pass = 1;
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream,
        format: 'Importing {bar} {percentage}% | {messages} messages | {speed} msg/s | ETA {eta_formatted}',
        hideCursor: true,
        etaBuffer: 20,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(progress) {
        if (!started || progress.pass !== pass) {
          if (started) bar.stop();
          pass = progress.pass;
          startedAt = Date.now();
          bar.start(progress.totalBytes, 0, { messages: 0, speed: 0 });
          started = true;
        }
        bar.update(progress.bytesRead, { messages: progress.messages, speed: rates(progress, startedAt).speed });
      },
      stop() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let lastLine = 0;
  let doneShown = false;
  return {
    update(progress) {
      if (progress.pass !== pass) {
        pass = progress.pass;
        startedAt = Date.now();
        doneShown = false;
      }
      const now = Date.now();
      const done = progress.bytesRead >= progress.totalBytes;
      // The whole file read is reported once per pass: later updates (the last batches' writes) repeat it.
      if (done ? doneShown : now - lastLine < PLAIN_EVERY_MS) return;
      doneShown = done;
      lastLine = now;
      const { speed, percent, eta } = rates(progress, startedAt);
      const second = progress.pass === 2 ? ' (second pass)' : '';
      stream.write(
        `import${second}: ${percent}% (${size(progress.bytesRead)} of ${size(progress.totalBytes)}), ${progress.messages} messages, ${speed} msg/s, ETA ${eta} s\n`,
      );
    },
    stop() {},
  };
}
