/** The answers index.html's boot script asked for before the code arrived (the settings, and
 * on the calendar the calendar): each is taken once, by the first call of its kind in the same
 * language; a later call, another language or an early answer other than 200 asks again. */

interface EarlyAnswers {
  lang: string;
  answers: Partial<Record<EarlyKind, Promise<Response | null>>>;
}

export type EarlyKind = 'config' | 'calendar';

declare global {
  interface Window {
    __early?: EarlyAnswers;
  }
}

/** The early answer of `kind` when it was asked in `lang` and came back 200, else null (ask
 * again); a network failure of the early request is the call's own failure. */
export async function takeEarly(kind: EarlyKind, lang: string): Promise<Response | null> {
  const early = typeof window === 'undefined' ? undefined : window.__early;
  const answer = early?.answers[kind];
  if (!early || !answer) return null;
  delete early.answers[kind];
  if (early.lang !== lang) return null;
  const response = await answer;
  // The network dropped it: the call fails as its own request would have (the visitor sees the
  // screen's "could not be loaded, try again"), rather than asking twice behind her back.
  if (response === null) throw new TypeError('Failed to fetch');
  return response.ok ? response : null;
}
