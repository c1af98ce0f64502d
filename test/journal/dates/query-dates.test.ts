// The time a search query names, as local days relative to the owner's today: month names with a year in several
// languages, relative dates, seasons, bare years; the words leave the query, and a query naming no time is left alone.
import { describe, expect, it } from 'vitest';
import { datesInQuery } from '../../../src/journal/dates/query-dates.ts';

const TODAY = '2024-06-15'; // a Saturday

describe('dates in a search query', () => {
  it.each([
    ['what did I do in May 2023', 'May 2023', '2023-05-01', '2023-05-31', 'what did I do'],
    ['walks last summer', 'last summer', '2023-06-01', '2023-08-31', 'walks'],
    ['two weeks ago we walked', 'two weeks ago', '2024-05-27', '2024-06-02', 'we walked'],
    ['yesterday', 'yesterday', '2024-06-14', '2024-06-14', ''],
    ['coffee last month', 'last month', '2024-05-01', '2024-05-31', 'coffee'],
    ['last week', 'last week', '2024-06-03', '2024-06-09', ''],
    ['summer of 2021', 'summer of 2021', '2021-06-01', '2021-08-31', ''],
    ['dinner in 2022', '2022', '2022-01-01', '2022-12-31', 'dinner'],
    // A month without a year is the last one that has begun: the journal holds the past.
    ['walk in September', 'September', '2023-09-01', '2023-09-30', 'walk'],
    ['since January', 'January', '2024-01-01', TODAY, ''],
    ['this winter', 'this winter', '2023-12-01', '2024-02-29', ''],
    ['в мае 2023 гуляли', 'в мае 2023', '2023-05-01', '2023-05-31', 'гуляли'],
    ['вчера', 'вчера', '2024-06-14', '2024-06-14', ''],
    ['caminamos en mayo de 2023', 'mayo de 2023', '2023-05-01', '2023-05-31', 'caminamos'],
    ['balade en mai 2023', 'mai 2023', '2023-05-01', '2023-05-31', 'balade'],
    ['Spaziergang im Mai 2023', 'Mai 2023', '2023-05-01', '2023-05-31', 'Spaziergang'],
    ['vor zwei Wochen', 'vor zwei Wochen', '2024-05-27', '2024-06-02', ''],
    ['wandeling in mei 2023', 'mei 2023', '2023-05-01', '2023-05-31', 'wandeling'],
    ['caminhada em maio de 2023', 'maio de 2023', '2023-05-01', '2023-05-31', 'caminhada'],
    ['passeggiata a maggio 2023', 'maggio 2023', '2023-05-01', '2023-05-31', 'passeggiata'],
    ['2023年5月 散步', '2023年5月', '2023-05-01', '2023-05-31', '散步'],
  ])('%s → %s, %s..%s', (query, words, startDate, endDate, rest) => {
    expect(datesInQuery(query, TODAY)).toEqual({ words, startDate, endDate, rest });
  });

  it.each([
    'When did we move into the new apartment?',
    'walk with Ana',
    'Where does Lea work now?',
    'coffee at 8',
    'May I',
    'Marek',
    'ran 3000 metres', // not a year
    'in 2031', // a year still to come: not a journal's
  ])('finds no time in %j', (query) => {
    expect(datesInQuery(query, TODAY)).toBeNull();
  });

  it('counts from the owner’s today, whatever the machine’s clock and zone', () => {
    expect(datesInQuery('yesterday', '2025-01-01')).toMatchObject({ startDate: '2024-12-31', endDate: '2024-12-31' });
    expect(datesInQuery('last summer', '2024-09-01')).toMatchObject({ startDate: '2024-06-01', endDate: '2024-08-31' });
    expect(datesInQuery('last winter', '2024-02-10')).toMatchObject({ startDate: '2022-12-01', endDate: '2023-02-28' });
  });
});
