/** Money is kept in fen; shown as yuan with the currency sign. */
export function formatMoney(fen: number): string {
  return `¥${(fen / 100).toFixed(fen % 100 === 0 ? 0 : 2)}`;
}
