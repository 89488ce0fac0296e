/** Where every screen lives (docs/product.md §2), one table per area. Views link and navigate with
 * `pathTo`, the route table (src/app/routes.ts) registers these same patterns, and the
 * server's cashier returns to them: a screen is renamed in one place. */

export const SHARED_PATHS = {
  entry: '/',
  notFound: '/404',
  repOrder: '/repOrder/:flag',
} as const;

export const INDIVIDUAL_PATHS = {
  area: '/individualCustomers',
  selectDate: '/individualCustomers/select/selectDate',
  selectVenues: '/individualCustomers/select/selectVenues',
  addAudience: '/individualCustomers/select/addAudience/:id',
  addAudienceSure: '/individualCustomers/select/addAudienceSure',
  /** A package, admission and a film at one price (`?id=&date=`). */
  packageAddSure: '/individualCustomers/select/packageAddSure',
  /** The waiting list of full sessions (`?date=` to start at a day). */
  waitingList: '/individualCustomers/select/waitingList',
  /** A dome cinema's films of the chosen day (`?date=`). */
  cinemaSelect: '/individualCustomers/select/cinemaSelect/:id',
  /** A film's details (`?hallId=&date=&scheduleId=`). */
  moveDetail: '/individualCustomers/select/moveDetail',
  cinemaAddAudience: '/individualCustomers/select/cinemaAddAudience/:id',
  cinemaSelectSeat: '/individualCustomers/select/cinemaSelectSeat',
  cinemaSelectSeatChange: '/individualCustomers/select/cinemaSelectSeatChange',
  cinemaAddAudienceSure: '/individualCustomers/select/cinemaAddAudienceSure',
  shoppingCart: '/individualCustomers/cart/shoppingCart',
  login: '/individualCustomers/login',
  /** A visitor's account is made by her first code login and has no password: both open the
   * login (docs/product.md §2.2), so that links to them keep working. */
  register: '/individualCustomers/register',
  forgetPassword: '/individualCustomers/forgetPassword',
  payOrder: '/individualCustomers/order/payOrder/:id',
  paySuccess: '/individualCustomers/order/paySuccess/:id',
  orderRecord: '/individualCustomers/order/orderRecord',
  orderDetail: '/individualCustomers/order/orderDetail/:id',
  /** The visitor's tickets of today and the coming days, shown from the phone without signal (docs/product.md §2.12). */
  myTickets: '/individualCustomers/order/myTickets',
  blackOrderList: '/individualCustomers/order/blackOrderList',
  invoiceIndex: '/individualCustomers/invoice/index',
  chooseOrder: '/individualCustomers/invoice/chooseOrder',
  editInvoiceInfo: '/individualCustomers/invoice/editInvoiceInfo',
  invoiceHistory: '/individualCustomers/invoice/invoiceHistory',
  invoiceDetail: '/individualCustomers/invoice/invoiceDetail',
  /** The message board: leave a message, the list of mine, one with its replies. */
  messageFillIn: '/individualCustomers/message/fillIn',
  messageList: '/individualCustomers/message/list',
  messageDetail: '/individualCustomers/message/detail/:id',
  /** The personal centre: base info, phone, e-mail, frequent visitors, cancellation. */
  personHome: '/individualCustomers/personalCenter/personHome',
  baseInfo: '/individualCustomers/personalCenter/baseInfo',
  changePhone: '/individualCustomers/personalCenter/changePhone',
  topContacts: '/individualCustomers/personalCenter/topContacts',
  addAudienceInformation: '/individualCustomers/personalCenter/addAudienceInformation',
  editAudienceInformation: '/individualCustomers/personalCenter/editAudienceInformation/:id',
  /** Account cancellation: the consequences, the confirmation; then what was deleted. */
  /** Her coupons: bind a redemption code; valid, used and expired. */
  coupon: '/individualCustomers/personalCenter/coupon',
  destory: '/individualCustomers/personalCenter/destory',
  reDestory: '/individualCustomers/personalCenter/reDestory',
  notice: '/individualCustomers/notice',
  noticeDetail: '/individualCustomers/noticeDetail',
  /** The scan login (docs/product.md §2 wxLogin): a QR code to scan with the chat app. */
  wxLogin: '/individualCustomers/wxLogin',
  /** The chat app's side of a scan login (`?scan=` the QR's id): confirm or cancel. */
  wxLoginConfirm: '/individualCustomers/wxLoginConfirm',
  /** Bind a phone to the account the chat app created (`?redirect=`), before anything else. */
  bindPhone: '/individualCustomers/bindPhone',
} as const;

export const TEAM_PATHS = {
  area: '/team',
  /** The team's start: the group calendar (login required). */
  selectDate: '/team/select/selectDate',
  /** The halls taking groups on a day (`?date=`). */
  selectVenues: '/team/select/selectVenues',
  /** The group draft: leader, pupils by grade (or the group's size), teachers, summary. */
  addLeader: '/team/select/addLeader',
  addAudience: '/team/select/addAudience',
  /** The same step named with its hall, as a link may give it: the draft's hall is the one chosen. */
  addAudienceOfHall: '/team/select/addAudience/:id',
  addTeachers: '/team/select/addTeachers',
  addAudienceSure: '/team/select/addAudienceSure',
  /** A dome's films of the chosen day, and the same draft steps under the cinema's names. */
  cinemaSelect: '/team/select/cinemaSelect/:id',
  moveDetail: '/team/select/moveDetail',
  cinemaAddLeader: '/team/select/cinemaAddLeader',
  cinemaAddAudience: '/team/select/cinemaAddAudience',
  cinemaAddTeachers: '/team/select/cinemaAddTeachers',
  cinemaAddAudienceSure: '/team/select/cinemaAddAudienceSure',
  /** The group's own seats on the dome's map, chosen, or chosen again. */
  cinemaSelectSeat: '/team/select/cinemaSelectSeat',
  cinemaSelectSeatChange: '/team/select/cinemaSelectSeatChange',
  /** The groups waiting in the team's cart, holding their places. */
  shoppingCart: '/team/cart/shoppingCart',
  payOrder: '/team/order/payOrder/:id',
  paySuccess: '/team/order/paySuccess/:id',
  orderRecord: '/team/order/orderRecord',
  orderDetail: '/team/order/orderDetail/:id',
  /** Move a group to another date (`?id=` the order). */
  ticketChangesDate: '/team/order/ticketChangesDate',
  blackOrderList: '/team/order/blackOrderList',
  messageFillIn: '/team/message/fillIn',
  messageList: '/team/message/list',
  messageDetail: '/team/message/detail/:id',
  login: '/team/login',
  register: '/team/register',
  forgetPassword: '/team/forgetPassword',
  personHome: '/team/personalCenter/personHome',
  baseInfo: '/team/personalCenter/baseInfo',
  changePassword: '/team/personalCenter/changePassword',
  changeInfo: '/team/personalCenter/changeInfo',
  changePhone: '/team/personalCenter/changePhone',
  topContacts: '/team/personalCenter/topContacts',
  /** Add a frequent visitor, or with `?id=` edit one. */
  editAudienceInformation: '/team/personalCenter/editAudienceInformation',
  notice: '/team/notice',
  noticeDetail: '/team/noticeDetail',
  commonProblem: '/team/commonProblem',
} as const;

/** The museum staff's review console (ours): its own login and token. */
export const STAFF_PATHS = {
  area: '/staff',
  login: '/staff/login',
  teams: '/staff/teams',
  team: '/staff/teams/:id',
  /** The cashier takes a window payer's money. */
  windowPayment: '/staff/windowPayment',
  /** A gate checks tickets in at its hall. */
  gate: '/staff/gate',
  /** A museum day: its sessions' figures, stops, capacities, closing. */
  day: '/staff/day',
  /** The config keys and texts staff own. */
  settings: '/staff/settings',
  /** The message board's messages waiting for a reply, and those replied. */
  messages: '/staff/messages',
  message: '/staff/messages/:id',
  /** Finance issues requested invoices; flagged ones were refunded after issue. */
  invoices: '/staff/invoices',
  /** Finance's refunds the payment platform refused: retried, or settled by hand. */
  refunds: '/staff/refunds',
  /** Session templates: made, applied to days with a release time. */
  sessions: '/staff/sessions',
  /** The catalogue: halls, their booking rules, ticket types and prices. */
  halls: '/staff/halls',
  /** Packages: admission and a dome film at one price, made, changed, stopped. */
  packages: '/staff/packages',
  /** Coupon batches: made with their codes, downloaded, stopped. */
  coupons: '/staff/coupons',
  /** Notices and FAQs, in zh and en. */
  content: '/staff/content',
} as const;

/** The `:name` parameters of a path pattern. */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}` ? K | PathParams<Rest> : P extends `${string}:${infer K}` ? K : never;

type Query = Record<string, string | number | null | undefined>;

/** A concrete path: the pattern with its parameters filled in, and a query (empty values
 * left out). `pathTo(INDIVIDUAL_PATHS.payOrder, { id: 42 })`. */
export function pathTo<P extends string>(
  pattern: P,
  ...[params, query]: [PathParams<P>] extends [never]
    ? [params?: Record<string, never>, query?: Query]
    : [params: Record<PathParams<P>, string | number>, query?: Query]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value != null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The paths the order screens (payOrder, paySuccess, orderRecord, orderDetail) link to, per
 * area: the same screens serve a visitor and a team, so which table they follow is chosen
 * here once. A visitor's extras (her tickets kept offline, invoices) are null for a team; the team's date-change screen is null for a visitor, who changes dates in a sheet. */
export const ORDER_PATHS = {
  individual: {
    selectDate: INDIVIDUAL_PATHS.selectDate,
    login: INDIVIDUAL_PATHS.login,
    payOrder: INDIVIDUAL_PATHS.payOrder,
    paySuccess: INDIVIDUAL_PATHS.paySuccess,
    orderRecord: INDIVIDUAL_PATHS.orderRecord,
    orderDetail: INDIVIDUAL_PATHS.orderDetail,
    myTickets: INDIVIDUAL_PATHS.myTickets,
    invoiceIndex: INDIVIDUAL_PATHS.invoiceIndex,
    editInvoiceInfo: INDIVIDUAL_PATHS.editInvoiceInfo,
    blackOrderList: INDIVIDUAL_PATHS.blackOrderList,
    cinemaSelectSeatChange: INDIVIDUAL_PATHS.cinemaSelectSeatChange,
    ticketChangesDate: null,
  },
  team: {
    selectDate: TEAM_PATHS.selectDate,
    login: TEAM_PATHS.login,
    payOrder: TEAM_PATHS.payOrder,
    paySuccess: TEAM_PATHS.paySuccess,
    orderRecord: TEAM_PATHS.orderRecord,
    orderDetail: TEAM_PATHS.orderDetail,
    myTickets: null,
    invoiceIndex: null,
    editInvoiceInfo: null,
    blackOrderList: TEAM_PATHS.blackOrderList,
    cinemaSelectSeatChange: TEAM_PATHS.cinemaSelectSeatChange,
    ticketChangesDate: TEAM_PATHS.ticketChangesDate,
  },
} as const satisfies Record<'individual' | 'team', Record<string, string | null>>;

export type OrderPaths = (typeof ORDER_PATHS)[keyof typeof ORDER_PATHS];

export function orderPaths(kind: keyof typeof ORDER_PATHS): OrderPaths {
  return ORDER_PATHS[kind];
}

/** The message board's screens serve a visitor and a team alike, each on its own paths; `back`
 * is where the board is entered from (a visitor's orders, a team's centre). */
export const MESSAGE_PATHS = {
  individual: {
    fillIn: INDIVIDUAL_PATHS.messageFillIn,
    list: INDIVIDUAL_PATHS.messageList,
    detail: INDIVIDUAL_PATHS.messageDetail,
    back: INDIVIDUAL_PATHS.orderRecord,
  },
  team: {
    fillIn: TEAM_PATHS.messageFillIn,
    list: TEAM_PATHS.messageList,
    detail: TEAM_PATHS.messageDetail,
    back: TEAM_PATHS.personHome,
  },
} as const satisfies Record<'individual' | 'team', Record<string, string>>;

/** The screens a visitor's and a team's centres share (frequent visitors, notices), each on its
 * own paths: `home` is the centre they go back to, `noticeBack` where the notices are entered
 * from (a visitor's centre, a team's login). */
export const CENTRE_PATHS = {
  individual: {
    home: INDIVIDUAL_PATHS.personHome,
    topContacts: INDIVIDUAL_PATHS.topContacts,
    notice: INDIVIDUAL_PATHS.notice,
    noticeDetail: INDIVIDUAL_PATHS.noticeDetail,
    noticeBack: INDIVIDUAL_PATHS.personHome,
  },
  team: {
    home: TEAM_PATHS.personHome,
    topContacts: TEAM_PATHS.topContacts,
    notice: TEAM_PATHS.notice,
    noticeDetail: TEAM_PATHS.noticeDetail,
    noticeBack: TEAM_PATHS.login,
  },
} as const satisfies Record<'individual' | 'team', Record<string, string>>;

/** A frequent visitor's form: a new one (null), or one to edit. A visitor's screens have their
 * own add path and the id in the path (docs/product.md §2); a team's one path with `?id=`. */
export function contactFormPath(kind: keyof typeof CENTRE_PATHS, contactId: number | null): string {
  if (kind === 'team') return pathTo(TEAM_PATHS.editAudienceInformation, {}, { id: contactId });
  return contactId === null ? INDIVIDUAL_PATHS.addAudienceInformation : pathTo(INDIVIDUAL_PATHS.editAudienceInformation, { id: contactId });
}
