/** The route guard of docs/product.md §2/§6 as a pure function, so every rule is testable without a
 * browser: where may this URL go, given the account kind and whether it holds a token. */
import { AREA_LOGIN, AREA_PREFIX as PREFIX, AREA_START, type AccountKind } from '../domain/areas.ts';
import { INDIVIDUAL_PATHS, pathTo, SHARED_PATHS, STAFF_PATHS } from '../domain/paths.ts';
import { matchRoute } from './routes.ts';

export interface GuardInput {
  pathname: string;
  search: string;
  kind: AccountKind;
  loggedIn: boolean;
  /** A visitor logged in to an account the chat app created, no phone bound yet. */
  mustBind?: boolean;
}

export type GuardResult = { pass: true } | { pass: false; to: string };

export function guard({ pathname, search, kind, loggedIn, mustBind = false }: GuardInput): GuardResult {
  // A shared order link is open to anyone, with no checks at all.
  if (pathname.includes('/repOrder')) return { pass: true };

  const params = new URLSearchParams(search);
  if (params.has('errorMsg')) return { pass: false, to: PREFIX.individual };

  if (pathname === SHARED_PATHS.entry || pathname === SHARED_PATHS.notFound) return { pass: true };
  // The staff console is no visitor area: its screens check the staff token themselves.
  if (pathname === STAFF_PATHS.area) return { pass: true };
  if (pathname.startsWith(`${STAFF_PATHS.area}/`)) return matchRoute(pathname) ? { pass: true } : { pass: false, to: SHARED_PATHS.notFound };
  if (pathname === PREFIX.individual || pathname === PREFIX.team) {
    return { pass: false, to: AREA_START[pathname === PREFIX.team ? 'team' : 'individual'] };
  }

  // Rewrite a path of no known area to the current kind's prefix (/select/selectDate ->
  // /individualCustomers/select/selectDate).
  if (!pathname.startsWith(`${PREFIX.individual}/`) && !pathname.startsWith(`${PREFIX.team}/`)) {
    return { pass: false, to: `${PREFIX[kind]}${pathname}${search}` };
  }

  // A path no screen has is a 404 for everyone, logged in or not.
  const route = matchRoute(pathname);
  if (!route) return { pass: false, to: SHARED_PATHS.notFound };
  if (route.noLogin) return { pass: true };
  // Forced binding (docs/product.md §1): a screen that needs a login needs a bound phone first.
  if (loggedIn && mustBind && kind === 'individual' && pathname.startsWith(`${PREFIX.individual}/`) && pathname !== INDIVIDUAL_PATHS.bindPhone) {
    return { pass: false, to: pathTo(INDIVIDUAL_PATHS.bindPhone, {}, { redirect: pathname + search }) };
  }
  if (loggedIn) return { pass: true };
  const area: AccountKind = pathname.startsWith(PREFIX.team) ? 'team' : 'individual';
  return { pass: false, to: pathTo(AREA_LOGIN[area], {}, { redirect: pathname + search }) };
}
