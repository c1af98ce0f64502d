/** A day's mood on its page: the mood set (1 to 5, with its face), and buttons to set or clear it. */
import { MOOD_EMOJI } from '../journal/mood/mood.ts';
import { html, type Html } from './html.ts';
import type { PageLinks } from './journal-paths.ts';

/** "🙂 4 of 5", or null for no mood. */
export const moodText = (mood: number | null): string | null =>
  mood === null ? null : `${MOOD_EMOJI[mood - 1] ?? ''} ${mood} of 5`;

export function moodPanel(to: PageLinks, date: string, mood: number | null): Html {
  return html`<section class="mood-panel" aria-labelledby="mood"><h2 id="mood">Mood</h2>
<p class="mood-now">${moodText(mood) ?? 'No mood set for this day.'}</p>
<form class="mood" method="post" action="${to.at}/day/${date}/mood"><input type="hidden" name="csrf" value="${to.csrf}">${MOOD_EMOJI.map(
    (face, i) =>
      html`<button type="submit" name="mood" value="${i + 1}" aria-label="Mood ${i + 1} of 5" aria-pressed="${mood === i + 1 ? 'true' : 'false'}">${face}</button>`,
  )}${mood === null ? '' : html`<button type="submit" name="mood" value="none">Clear</button>`}</form></section>`;
}
