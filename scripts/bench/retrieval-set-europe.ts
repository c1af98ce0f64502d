/**
 * The retrieval benchmark's question set, European languages: facts planted as entries (one or two neighbouring
 * entries each, the answer entries), and questions about them put two ways: as a person types them ("When did we
 * move?") and as a model types the content words ("moving apartment"). Questions use other word forms and other words
 * than the entries (moved/moving, flat/apartment, кошелёк/кошелек), as real questions do. Each language's filler
 * sentences share names, places and everyday words with its facts, so a word alone rarely picks the answer out.
 */
export type Lang = 'en' | 'ru' | 'es' | 'fr' | 'pt' | 'it' | 'de' | 'nl' | 'zh' | 'ja';

export interface RetrievalQuestion {
  /** The question as a person types it. */
  typed: string;
  /** Its content words, as a model types a search. */
  words: string;
}

export interface RetrievalFact {
  /** The answer entries, planted one after another. */
  entries: string[];
  questions: RetrievalQuestion[];
}

export interface LanguageSet {
  lang: Lang;
  name: string;
  /** Everyday sentences in the language; English filler comes from the journal generator itself. */
  filler: string[];
  facts: RetrievalFact[];
}

const q = (typed: string, words: string): RetrievalQuestion => ({ typed, words });

export const ENGLISH: LanguageSet = {
  lang: 'en',
  name: 'English',
  filler: [],
  facts: [
    {
      entries: ['Big day: my first cello lesson with Mrs Okafor. My fingers hurt but I loved every minute.'],
      questions: [q('When did I start taking cello lessons?', 'cello lessons started')],
    },
    {
      entries: [
        'Signed the lease for the flat on Harbour Street today.',
        'Moving day. Boxes everywhere, the van was late, Jonas carried the sofa up four floors.',
      ],
      questions: [
        q('When did we move into the new apartment?', 'move new apartment'),
        q('Who helped carry the sofa when we moved?', 'carried sofa moving'),
      ],
    },
    {
      entries: ['Lea got the job at the botanical garden! We celebrated with dumplings.'],
      questions: [q('What job did Lea get?', 'Lea job'), q('Where does Lea work now?', 'Lea works botanical gardens')],
    },
    {
      entries: [
        'The dentist says the wisdom tooth has to come out; booked the extraction for Friday.',
        'Tooth out. Swollen cheek, ice cream for dinner.',
      ],
      questions: [q('Did I have a tooth pulled at the dentist?', 'tooth extraction dentist')],
    },
    {
      entries: ['Lost my wallet on the tram; a stranger handed it in at the station two days later.'],
      questions: [q('Who found the wallet I lost?', 'lost wallet found')],
    },
    {
      entries: ['Tried the new Georgian restaurant with Ana: the khachapuri was unreal.'],
      questions: [q('Which restaurant did Ana and I try?', 'Ana restaurant tried')],
    },
    {
      entries: ['Passed the driving test on the second attempt! Celebrated with Mum.'],
      questions: [q('When did I pass my driving exam?', 'driving exam passed')],
    },
  ],
};

export const RUSSIAN: LanguageSet = {
  lang: 'ru',
  name: 'Russian',
  filler: [
    'Утром гуляли с Анной по набережной.',
    'Весь день шёл дождь, сидела дома с книгой.',
    'Пили кофе с Мареком в кафе на углу.',
    'На работе опять совещания до вечера.',
    'Вечером звонила маме, обсуждали дачу.',
    'Ходили на рынок за овощами.',
    'Устала, рано легла спать.',
    'Бегала в парке, десять километров.',
    'Сестра приехала в гости на выходные.',
    'Читала на балконе, было тепло.',
    'Начальник похвалил отчёт, а потом дал ещё работы.',
    'Купила новые кроссовки для бега.',
  ],
  facts: [
    {
      entries: ['Сегодня первый урок виолончели! Пальцы болят, но я счастлива.'],
      questions: [q('Когда я начала учиться играть на виолончели?', 'уроки виолончель')],
    },
    {
      entries: ['Переехали в новую квартиру у реки. Коробки везде, Йонас таскал диван.'],
      questions: [q('Когда мы переезжали на новую квартиру?', 'переезд квартира')],
    },
    {
      entries: ['Потеряла кошелёк в трамвае, его вернули через два дня на вокзале.'],
      questions: [q('Кто нашёл мой потерянный кошелек?', 'кошелек потерян')],
    },
    {
      entries: ['Сдала экзамен по вождению со второй попытки!'],
      questions: [q('Когда я сдала на права?', 'экзамен вождение сдала')],
    },
    {
      entries: ['Марек помог покрасить кухню в жёлтый цвет.'],
      questions: [q('Кто помогал красить кухню?', 'покраска кухни')],
    },
  ],
};

export const SPANISH: LanguageSet = {
  lang: 'es',
  name: 'Spanish',
  filler: [
    'Fui al mercado con Ana a comprar fruta.',
    'Llovió todo el día, me quedé en casa leyendo.',
    'Café con Marek en el bar de la esquina.',
    'Mucho trabajo en la oficina, reuniones sin fin.',
    'Paseamos por el parque al atardecer.',
    'Llamé a mamá por la noche.',
    'Estoy cansada, me acuesto temprano.',
    'Corrí diez kilómetros por el parque.',
    'Mi hermana vino a cenar.',
    'Cocinamos paella el domingo.',
    'El jefe me pidió otro informe.',
  ],
  facts: [
    {
      entries: ['Hoy caminamos por la orilla del río hasta el puente viejo con Lea.'],
      questions: [q('¿Cuándo caminé con Lea junto al río?', 'caminar río Lea')],
    },
    {
      entries: ['Empecé las clases de violonchelo, la profesora es muy paciente.'],
      questions: [q('¿Cuándo empecé a estudiar violonchelo?', 'clase violonchelo')],
    },
    {
      entries: ['Nos mudamos al piso nuevo del centro; cajas por todas partes.'],
      questions: [q('¿Cuándo nos mudamos de casa?', 'mudanza piso nuevo')],
    },
    {
      entries: ['Perdí la cartera en el autobús y un señor la devolvió en la estación.'],
      questions: [q('¿Quién devolvió mi cartera perdida?', 'cartera perdida')],
    },
    {
      entries: ['¡Aprobé el examen de conducir a la segunda!'],
      questions: [q('¿Cuándo aprobé el examen de conducir?', 'examen conducir aprobado')],
    },
  ],
};

export const FRENCH: LanguageSet = {
  lang: 'fr',
  name: 'French',
  filler: [
    'Balade au marché avec Ana ce matin.',
    'Pluie toute la journée, je suis restée à la maison.',
    'Café avec Marek au coin de la rue.',
    'Journée chargée au bureau, réunion sur réunion.',
    'On a marché dans le parc au coucher du soleil.',
    "J'ai appelé maman ce soir.",
    'Fatiguée, couchée tôt.',
    'Couru dix kilomètres le long du canal.',
    'Ma sœur est venue dîner.',
    'Lu un roman sur le balcon.',
    'Le chef a encore changé le planning.',
  ],
  facts: [
    {
      entries: ["Premier cours de violoncelle aujourd'hui, j'ai adoré."],
      questions: [q('Quand ai-je commencé les cours de violoncelle ?', 'cours violoncelle commencé')],
    },
    {
      entries: ["Nous avons déménagé dans l'appartement près du canal. Des cartons partout."],
      questions: [q("Quand est-ce qu'on a déménagé ?", 'déménagement appartement')],
    },
    {
      entries: ["J'ai perdu mon portefeuille dans le tram ; une femme l'a rapporté au commissariat."],
      questions: [q('Qui a retrouvé mon portefeuille perdu ?', 'portefeuille perdu retrouvé')],
    },
    {
      entries: ["Le dentiste m'a arraché une dent de sagesse. Joue gonflée."],
      questions: [q("Quand m'a-t-on arraché la dent de sagesse ?", 'dents sagesse arrachées')],
    },
    {
      entries: ['Lea a obtenu le poste au jardin botanique !'],
      questions: [q('Quel travail Lea a-t-elle trouvé ?', 'Lea poste travail')],
    },
  ],
};

export const PORTUGUESE: LanguageSet = {
  lang: 'pt',
  name: 'Portuguese',
  filler: [
    'Fui à feira com a Ana comprar fruta.',
    'Choveu o dia todo, fiquei em casa a ler.',
    'Café com o Marek no bar da esquina.',
    'Muito trabalho no escritório, reuniões sem fim.',
    'Caminhámos no parque ao pôr do sol.',
    'Liguei à mãe à noite.',
    'Cansada, deitei-me cedo.',
    'Corri dez quilómetros no parque.',
    'A minha irmã veio jantar.',
    'O chefe pediu outro relatório.',
  ],
  facts: [
    {
      entries: ['Primeira aula de violoncelo hoje! Os dedos doem.'],
      questions: [q('Quando comecei as aulas de violoncelo?', 'aulas violoncelo')],
    },
    {
      entries: ['Mudámo-nos para o apartamento novo perto do rio. Caixas por todo o lado.'],
      questions: [q('Quando nos mudamos de casa?', 'mudança apartamento novo')],
    },
    {
      entries: ['Perdi a carteira no elétrico; um senhor entregou-a na estação.'],
      questions: [q('Quem encontrou a minha carteira perdida?', 'carteira perdida')],
    },
    {
      entries: ['Passei no exame de condução à segunda tentativa!'],
      questions: [q('Quando passei no exame de condução?', 'exame condução')],
    },
    {
      entries: ['O Marek ajudou-me a pintar a cozinha de amarelo.'],
      questions: [q('Quem me ajudou a pintar a cozinha?', 'pintura cozinha ajuda')],
    },
  ],
};
