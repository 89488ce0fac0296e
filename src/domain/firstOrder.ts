/** The first-order tips (docs/product.md §3 base settings: "first-order tips"): the configured text shown
 * once before a visitor's first order. "First" is the server's word: the account has no order
 * yet, whatever became of earlier ones; "once" is once per visit of the app (a tab's session). */
export function firstOrderTipsDue(facts: { orderCount: number; tips: string | undefined; seen: boolean }): boolean {
  return facts.orderCount === 0 && Boolean(facts.tips?.trim()) && !facts.seen;
}
