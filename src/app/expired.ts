/** What the API client calls on a 401: the session handling, fetched when first needed. */
export function reportExpired(): void {
  void import('./session.ts').then((session) => session.reportExpired());
}
