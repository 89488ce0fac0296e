import { INDIVIDUAL_PATHS, SHARED_PATHS, STAFF_PATHS, TEAM_PATHS } from '../domain/paths.ts';

/** Every screen's path, and whether it opens without login (SPEC §2). The router
 * (App.tsx) and the route guard both read this table, so a path the guard lets through
 * always has a screen, and a mistyped one is a 404 for everyone. */
export const ROUTES = {
  [SHARED_PATHS.entry]: { noLogin: true },
  [SHARED_PATHS.notFound]: { noLogin: true },
  [SHARED_PATHS.repOrder]: { noLogin: true },
  [INDIVIDUAL_PATHS.selectDate]: { noLogin: true },
  [INDIVIDUAL_PATHS.selectVenues]: {},
  [INDIVIDUAL_PATHS.addAudience]: {},
  [INDIVIDUAL_PATHS.addAudienceSure]: {},
  [INDIVIDUAL_PATHS.packageAddSure]: {},
  [INDIVIDUAL_PATHS.waitingList]: {},
  [INDIVIDUAL_PATHS.cinemaSelect]: {},
  [INDIVIDUAL_PATHS.moveDetail]: {},
  [INDIVIDUAL_PATHS.cinemaAddAudience]: {},
  [INDIVIDUAL_PATHS.cinemaSelectSeat]: {},
  [INDIVIDUAL_PATHS.cinemaSelectSeatChange]: {},
  [INDIVIDUAL_PATHS.cinemaAddAudienceSure]: {},
  [INDIVIDUAL_PATHS.shoppingCart]: {},
  [INDIVIDUAL_PATHS.login]: { noLogin: true },
  [INDIVIDUAL_PATHS.payOrder]: {},
  [INDIVIDUAL_PATHS.paySuccess]: { noLogin: true },
  [INDIVIDUAL_PATHS.orderRecord]: {},
  [INDIVIDUAL_PATHS.orderDetail]: {},
  [INDIVIDUAL_PATHS.blackOrderList]: {},
  [INDIVIDUAL_PATHS.invoiceIndex]: {},
  [INDIVIDUAL_PATHS.chooseOrder]: {},
  [INDIVIDUAL_PATHS.editInvoiceInfo]: {},
  [INDIVIDUAL_PATHS.invoiceHistory]: {},
  [INDIVIDUAL_PATHS.invoiceDetail]: {},
  [TEAM_PATHS.login]: { noLogin: true },
  [TEAM_PATHS.register]: { noLogin: true },
  [TEAM_PATHS.forgetPassword]: { noLogin: true },
  [TEAM_PATHS.personHome]: {},
  [TEAM_PATHS.baseInfo]: {},
  [TEAM_PATHS.changePassword]: {},
  [TEAM_PATHS.changeInfo]: {},
  [TEAM_PATHS.changePhone]: {},
  [TEAM_PATHS.topContacts]: {},
  [TEAM_PATHS.editAudienceInformation]: {},
  [TEAM_PATHS.notice]: { noLogin: true },
  [TEAM_PATHS.noticeDetail]: { noLogin: true },
  [TEAM_PATHS.commonProblem]: { noLogin: true },
  [TEAM_PATHS.selectDate]: {},
  [TEAM_PATHS.selectVenues]: {},
  [TEAM_PATHS.addLeader]: {},
  [TEAM_PATHS.addAudience]: {},
  [TEAM_PATHS.addTeachers]: {},
  [TEAM_PATHS.addAudienceSure]: {},
  [TEAM_PATHS.cinemaSelect]: {},
  [TEAM_PATHS.moveDetail]: {},
  [TEAM_PATHS.cinemaAddLeader]: {},
  [TEAM_PATHS.cinemaAddAudience]: {},
  [TEAM_PATHS.cinemaAddTeachers]: {},
  [TEAM_PATHS.cinemaAddAudienceSure]: {},
  [TEAM_PATHS.cinemaSelectSeat]: {},
  [TEAM_PATHS.cinemaSelectSeatChange]: {},
  [TEAM_PATHS.shoppingCart]: {},
  [TEAM_PATHS.payOrder]: {},
  [TEAM_PATHS.paySuccess]: {},
  [TEAM_PATHS.orderRecord]: {},
  [TEAM_PATHS.orderDetail]: {},
  [TEAM_PATHS.ticketChangesDate]: {},
  [TEAM_PATHS.blackOrderList]: {},
  // The rest of the team area opens with group booking: one page says so.
  [TEAM_PATHS.rest]: {},
  // The staff console checks its own token (the staff kind is no area's).
  [STAFF_PATHS.login]: { noLogin: true },
  [STAFF_PATHS.teams]: { noLogin: true },
  [STAFF_PATHS.team]: { noLogin: true },
  [STAFF_PATHS.windowPayment]: { noLogin: true },
  [STAFF_PATHS.gate]: { noLogin: true },
  [STAFF_PATHS.day]: { noLogin: true },
  [STAFF_PATHS.settings]: { noLogin: true },
  [STAFF_PATHS.sessions]: { noLogin: true },
} as const satisfies Record<string, { noLogin?: boolean }>;

export type RoutePath = keyof typeof ROUTES;

const patterns = (Object.keys(ROUTES) as RoutePath[]).map((path) => ({
  path,
  noLogin: 'noLogin' in ROUTES[path],
  regex: new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace('/*', '/.+')}$`),
}));

/** The route a pathname opens, or null when no screen has it. */
export function matchRoute(pathname: string): { path: RoutePath; noLogin: boolean } | null {
  const found = patterns.find((p) => p.regex.test(pathname));
  return found ? { path: found.path, noLogin: found.noLogin } : null;
}
