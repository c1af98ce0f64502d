/** "1 entry", "2 entries": a count with its noun, for text people read (view descriptions, import summaries). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
