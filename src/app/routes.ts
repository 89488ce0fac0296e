/** Every screen's path, and whether it opens without login (SPEC §2). The router
 * (App.tsx) and the route guard both read this table, so a path the guard lets through
 * always has a screen, and a mistyped one is a 404 for everyone. */
export const ROUTES = {
  '/': { noLogin: true },
  '/404': { noLogin: true },
  '/repOrder/:flag': { noLogin: true },
  '/individualCustomers/select/selectDate': { noLogin: true },
  '/individualCustomers/select/selectVenues': {},
  '/individualCustomers/select/addAudience/:id': {},
  '/individualCustomers/select/addAudienceSure': {},
  '/individualCustomers/cart/shoppingCart': {},
  '/individualCustomers/login': { noLogin: true },
  '/individualCustomers/order/payOrder/:id': {},
  '/individualCustomers/order/paySuccess/:id': { noLogin: true },
  '/individualCustomers/order/orderRecord': {},
  '/individualCustomers/order/orderDetail/:id': {},
  '/individualCustomers/order/blackOrderList': {},
  '/individualCustomers/invoice/index': {},
  '/individualCustomers/invoice/chooseOrder': {},
  '/individualCustomers/invoice/editInvoiceInfo': {},
  '/individualCustomers/invoice/invoiceHistory': {},
  '/individualCustomers/invoice/invoiceDetail': {},
  // The team area opens soon: one page says so, at its login and behind it.
  '/team/login': { noLogin: true },
  '/team/*': {},
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
