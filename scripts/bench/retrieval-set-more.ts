/** The retrieval benchmark's question set, continued: Italian, German, Dutch, Chinese and Japanese (see retrieval-set-europe.ts). */
import type { LanguageSet, RetrievalQuestion } from './retrieval-set-europe.ts';

const q = (typed: string, words: string): RetrievalQuestion => ({ typed, words });

export const ITALIAN: LanguageSet = {
  lang: 'it',
  name: 'Italian',
  filler: [
    'Sono andata al mercato con Ana.',
    'Ha piovuto tutto il giorno, sono rimasta a casa.',
    "Caffè con Marek al bar all'angolo.",
    'Tanto lavoro in ufficio, riunioni infinite.',
    'Abbiamo camminato nel parco al tramonto.',
    'Ho chiamato la mamma stasera.',
    'Stanca, a letto presto.',
    'Corso dieci chilometri nel parco.',
    'Mia sorella è venuta a cena.',
    'Il capo ha chiesto un altro rapporto.',
  ],
  facts: [
    {
      entries: ['Prima lezione di violoncello oggi, bellissima.'],
      questions: [q('Quando ho iniziato le lezioni di violoncello?', 'lezione violoncello')],
    },
    {
      entries: ['Ci siamo trasferiti nel nuovo appartamento vicino al fiume. Scatoloni ovunque.'],
      questions: [q('Quando ci siamo trasferiti?', 'trasloco appartamento nuovo')],
    },
    {
      entries: ["Ho perso il portafoglio sul tram; una signora l'ha riportato in stazione."],
      questions: [q('Chi ha trovato il mio portafoglio perso?', 'portafoglio perso')],
    },
    {
      entries: ["Ho superato l'esame di guida al secondo tentativo!"],
      questions: [q("Quando ho passato l'esame della patente?", 'esame guida superato')],
    },
    {
      entries: ['Marek mi ha aiutato a dipingere la cucina.'],
      questions: [q('Chi mi ha aiutata a dipingere la cucina?', 'dipinto cucina')],
    },
  ],
};

export const GERMAN: LanguageSet = {
  lang: 'de',
  name: 'German',
  filler: [
    'Mit Ana auf dem Markt gewesen.',
    'Den ganzen Tag Regen, zu Hause gelesen.',
    'Kaffee mit Marek im Café an der Ecke.',
    'Viel Arbeit im Büro, Besprechungen ohne Ende.',
    'Abends im Park spazieren gegangen.',
    'Mama angerufen.',
    'Müde, früh ins Bett.',
    'Zehn Kilometer im Park gelaufen.',
    'Meine Schwester kam zum Abendessen.',
    'Der Chef wollte noch einen Bericht.',
  ],
  facts: [
    {
      entries: ['Heute die erste Cellostunde gehabt. Die Finger tun weh.'],
      questions: [q('Wann habe ich mit dem Cellounterricht angefangen?', 'Cello Unterricht')],
    },
    {
      entries: ['Wir sind in die neue Wohnung am Fluss umgezogen. Überall Kisten.'],
      questions: [q('Wann sind wir umgezogen?', 'Umzug neue Wohnung')],
    },
    {
      entries: ['Geldbörse in der Straßenbahn verloren; ein Mann hat sie am Bahnhof abgegeben.'],
      questions: [q('Wer hat meine verlorene Geldbörse gefunden?', 'Geldbörse verloren')],
    },
    {
      entries: ['Die Fahrprüfung im zweiten Versuch bestanden!'],
      questions: [q('Wann habe ich die Fahrprüfung bestanden?', 'Fahrprüfung bestehen')],
    },
    {
      entries: ['Marek hat mir geholfen, die Küche zu streichen.'],
      questions: [q('Wer half mir beim Streichen der Küche?', 'Küche streichen')],
    },
  ],
};

export const DUTCH: LanguageSet = {
  lang: 'nl',
  name: 'Dutch',
  filler: [
    'Met Ana naar de markt geweest.',
    'De hele dag regen, thuis gelezen.',
    'Koffie met Marek in het café op de hoek.',
    'Veel werk op kantoor, vergaderingen zonder einde.',
    "'s Avonds gewandeld in het park.",
    'Mama gebeld.',
    'Moe, vroeg naar bed.',
    'Tien kilometer in het park gerend.',
    'Mijn zus kwam eten.',
    'De baas wilde nog een verslag.',
  ],
  facts: [
    {
      entries: ['Vandaag mijn eerste cello les gehad.'],
      questions: [q('Wanneer ben ik begonnen met cellolessen?', 'cello lessen')],
    },
    {
      entries: ['We zijn verhuisd naar het nieuwe appartement aan de gracht. Overal dozen.'],
      questions: [q('Wanneer zijn we verhuisd?', 'verhuizing appartement')],
    },
    {
      entries: ['Portemonnee verloren in de tram; een man bracht hem naar het station.'],
      questions: [q('Wie vond mijn verloren portemonnee?', 'portemonnee verloren')],
    },
    {
      entries: ['Rijexamen gehaald bij de tweede poging!'],
      questions: [q('Wanneer heb ik mijn rijexamen gehaald?', 'rijexamen halen')],
    },
    {
      entries: ['Marek hielp me de keuken te schilderen.'],
      questions: [q('Wie hielp met het schilderen van de keuken?', 'keuken schilderen')],
    },
  ],
};

export const CHINESE: LanguageSet = {
  lang: 'zh',
  name: 'Chinese',
  filler: [
    '今天和安娜去市场买水果。',
    '下了一整天的雨，在家看书。',
    '和马雷克在街角的咖啡馆喝咖啡。',
    '工作很忙，开了一天的会。',
    '傍晚在公园散步。',
    '晚上给妈妈打电话。',
    '很累，早早睡了。',
    '在公园跑了十公里。',
    '妹妹来吃晚饭。',
  ],
  facts: [
    {
      entries: ['今天在河边散步，看到很多白鹭。'],
      questions: [q('我什么时候在河边散步？', '河边 散步')],
    },
    {
      entries: ['第一次上大提琴课，手指好疼。'],
      questions: [q('我什么时候开始学大提琴？', '大提琴 课')],
    },
    {
      entries: ['我们搬进了新公寓，到处都是箱子。'],
      questions: [q('我们什么时候搬家的？', '搬家 新公寓')],
    },
    {
      entries: ['在电车上丢了钱包，两天后有人送到了车站。'],
      questions: [q('谁找到了我丢的钱包？', '钱包 丢')],
    },
  ],
};

export const JAPANESE: LanguageSet = {
  lang: 'ja',
  name: 'Japanese',
  filler: [
    'アナと市場に行った。',
    '一日中雨だったので家で本を読んだ。',
    'マレクと角のカフェでコーヒーを飲んだ。',
    '仕事が忙しくて会議ばかり。',
    '夕方、公園を散歩した。',
    '夜、母に電話した。',
    '疲れたので早く寝た。',
    '公園を十キロ走った。',
    '妹が夕食に来た。',
  ],
  facts: [
    {
      entries: ['今日は川沿いを散歩して、白鷺を見た。'],
      questions: [q('いつ川沿いを散歩しましたか？', '川沿い 散歩')],
    },
    {
      entries: ['初めてのチェロのレッスン。指が痛い。'],
      questions: [q('チェロのレッスンを始めたのはいつ？', 'チェロ レッスン')],
    },
    {
      entries: ['新しいアパートに引っ越した。箱だらけ。'],
      questions: [q('いつ引っ越しましたか？', '引っ越し アパート')],
    },
    {
      entries: ['電車で財布をなくしたが、二日後に駅に届けられた。'],
      questions: [q('なくした財布を見つけたのは誰？', '財布 なくした')],
    },
  ],
};
