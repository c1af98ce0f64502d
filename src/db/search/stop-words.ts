/**
 * Words that carry no meaning in a query ("what", "did", "the", "по", "el"...), per language, for search to pass
 * over: a question put as typed searches its content words. A word that means something in another of the languages
 * is left out of its list (English "son", "man", "hat", "van", "come", "pour", "war"...), so a query never loses a
 * word it meant. Kept folded (accents off, as foldWord gives them).
 */
import { foldWord } from './fold-word.ts';

const LISTS: Record<string, string> = {
  en: `a about after all also am an and any are as at be been before being but by can could did do does doing down
    for from had has have having he her here hers him his how i if in into is it its just me more most my no nor not
    of off on once only or other our ours out over own same she should so some such than that the their theirs them
    then there these they this those through to too under until up very was we were what when where which while who
    whom why will with would you your yours yourself`,
  ru: `а без более бы был была были было быть в вам вас весь во вот все всего всех вы где да даже для до его ее ей
    если есть еще же за здесь и из или им их к как какой когда кто ли либо мне мой мы на над нам нас не него нее ней
    нет ни них но ну о об он она они оно от по под после при про с со так также там тем то того тоже только том ты у
    уж уже хоть чего чем что чтобы эта эти это этот я`,
  es: `a al algo algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos en
    entre era eran es esa ese eso esta estaba estas este esto estos fue fueron ha han hasta hay la las le les lo los
    mas me mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque que quien se ser si sin
    sobre su sus tambien te tiene todo tu tus un una uno unos y ya yo`,
  fr: `a ai au aux avec avez avons c ce ces cet cette d dans de des du elle elles en es est et etaient etait etre eu
    il ils j je l la le les leur leurs lui m ma mais me meme mes moi mon n ne nos notre nous on ou par pas qu que quel
    quelle qui s sa sans se ses si sont t ta te tes toi ton tu un une vos votre vous y`,
  pt: `a ao aos as com como da das de dela dele do dos e ela elas ele eles em entre era essa esse esta estava este eu
    foi foram ha isso isto ja lhe mais mas me mesmo meu minha muito na nas nao nem no nos nossa nosso num numa o os ou
    para pela pelas pelo pelos por porque quando que quem se sem seu seus sua suas tambem te tem teu tua um uma voce`,
  it: `a ad agli ai al alla alle allo anche avere c che chi ci con cosa cui da dai dal dalla dalle degli dei del della
    delle dello di dove e ed era erano gli ha hanno ho i il in io la le lei li lo loro lui ma me mi mia mio ne negli
    nei nel nella nelle noi non o per perche piu qua quale quando quella quello questa questo se si sono su sua sue
    sui sul sulla suo suoi ti tra tu un una uno vi voi`,
  de: `aber alle als also am an auch auf aus bei bis da damit dann das dass dein dem den denn der des dich die dir
    doch dort du durch ein eine einem einen einer eines er es euch euer fur gegen habe haben hatte ich ihm ihn ihnen
    ihr im in ist jetzt kann mein mich mir mit nach nicht noch nun nur ob oder ohne sehr sein seine sich sie sind so
    uber um und uns unser unter vom von vor wann warum was weil wenn wer wie wir wird wo zu zum zur`,
  nl: `aan al als bij daar dat de der deze die dit doch door een eens en er ge geen haar had heb hebben heeft hem het
    hier hij hoe hun ik in is je kon maar me meer mij mijn na naar niet niets nog nu of om omdat ons ook op over reeds
    te toch toen uit uw veel voor want waren was wat we wel werd wie wij wil worden zal ze zelf zich zij zijn zo zou`,
};

let byLanguage: Map<string, Set<string>> | undefined;
let stopWords: Set<string> | undefined;

function lists(): Map<string, Set<string>> {
  byLanguage ??= new Map(
    Object.entries(LISTS).map(([language, list]) => [
      language,
      new Set(
        list
          .split(/\s+/)
          .filter((w) => w !== '')
          .map(foldWord),
      ),
    ]),
  );
  return byLanguage;
}

/** Whether a query's word (in index form, folded) is a word that carries no meaning in one of the languages. */
export function isStopWord(word: string): boolean {
  stopWords ??= new Set([...lists().values()].flatMap((set) => [...set]));
  return stopWords.has(foldWord(word));
}

/**
 * The language whose stop words a text's words (folded) hold clearly more of than any other's, or null: a sentence
 * says "the", "и", "el", "le", "und", "het" far more often than any content word, so this decides most entries
 * without a statistical detector.
 */
export function languageByStopWords(words: readonly string[]): string | null {
  const votes = new Map<string, number>();
  for (const word of words)
    for (const [language, set] of lists()) if (set.has(word)) votes.set(language, (votes.get(language) ?? 0) + 1);
  const [first, second] = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < 2) return null;
  return !second || first[1] >= 2 * second[1] ? first[0] : null;
}
