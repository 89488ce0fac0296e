/** Dates in running text stay on one line: their hyphens become non-breaking (U+2011), so a
 * narrow screen never wraps "2026-12-" away from "05". */
export const keepDates = (text: string) => text.replace(/(\d{4})-(\d{2})-(\d{2})/g, '$1\u2011$2\u2011$3');
