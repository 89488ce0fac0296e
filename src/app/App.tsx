/** The app: settings first (docs/product.md §7), then the guarded routes. Features are composed here
 * and only here (docs/architecture.md §2). */
import { Suspense, useEffect, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { getBaseSettings } from '../api/calls.ts';
import { currentKind, getToken, mustBind, OFFLINE_TICKETS_KEY, rememberKind } from '../api/session.ts';
import { INDIVIDUAL_PATHS, SHARED_PATHS, STAFF_PATHS, TEAM_PATHS } from '../domain/paths.ts';
import type { BaseSettings } from '../domain/types.ts';
import { applyLanguageConfig, CINEMA_TEXTS, loadTexts, TEAM_TEXTS } from '../i18n/index.ts';
import { toastFail } from '../ui/feedback.ts';
import { LoadingOverlay } from '../ui/Screen.tsx';
import { englishAllowed, SettingsContext } from '../ui/settings.tsx';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { guard } from './guard.ts';
import { lazyScreen } from './lazyScreen.ts';
import type { RoutePath } from './routes.ts';
import type { AreaScreen } from './areaScreens.ts';

const Entry = lazyScreen(() => import('../features/entry/EntryPage.tsx'));
const SelectDate = lazyScreen(() => import('../features/select/SelectDate.tsx'));
const SelectVenues = lazyScreen(() => import('../features/select/SelectVenues.tsx'));
const AddAudience = lazyScreen(() => import('../features/select/AddAudience.tsx'));
const AddAudienceSure = lazyScreen(() => import('../features/select/AddAudienceSure.tsx'));
const Login = lazyScreen(() => import('../features/account/Login.tsx'));
const BindPhone = lazyScreen(() => import('../features/account/BindPhone.tsx'));
// The cinema's screens bring their texts with them.
const withCinemaTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    loadTexts(CINEMA_TEXTS).then(load);
const CinemaSelect = lazyScreen(withCinemaTexts(() => import('../features/select/CinemaSelect.tsx')));
const PackageAddSure = lazyScreen(withCinemaTexts(() => import('../features/select/PackageAddSure.tsx')));
const WaitingList = lazyScreen(() => import('../features/select/WaitingList.tsx'));
const MoveDetail = lazyScreen(withCinemaTexts(() => import('../features/select/MoveDetail.tsx')));
const CinemaSelectSeat = lazyScreen(withCinemaTexts(() => import('../features/select/CinemaSelectSeat.tsx')));
const CinemaAddAudience = lazyScreen(withCinemaTexts(() => import('../features/select/AddAudience.tsx')));
const CinemaAddAudienceSure = lazyScreen(withCinemaTexts(() => import('../features/select/AddAudienceSure.tsx')));
const PayOrder = lazyScreen(() => import('../features/order/PayOrder.tsx'));
const PaySuccess = lazyScreen(() => import('../features/order/PaySuccess.tsx'));
const OrderRecord = lazyScreen(() => import('../features/order/OrderRecord.tsx'));
const MyTickets = lazyScreen(() => import('../features/order/MyTickets.tsx'));
const OrderDetail = lazyScreen(() => import('../features/order/OrderDetail.tsx'));
const TicketChangesDate = lazyScreen(() => import('../features/order/TicketChangesDate.tsx'));
const ShoppingCart = lazyScreen(() => import('../features/cart/ShoppingCart.tsx'));
const RepOrder = lazyScreen(() => import('../features/share/RepOrder.tsx'));
// The group area's and the console's screens bring their texts with them.
const withTeamTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    loadTexts(TEAM_TEXTS).then(load);
const WxLogin = lazyScreen(withTeamTexts(() => import('../features/account/WxLogin.tsx')));
const WxLoginConfirm = lazyScreen(withTeamTexts(() => import('../features/account/WxLoginConfirm.tsx')));
// The group area's and the console's screens, and the visitor's off the booking path: their
// loaders are a chunk of their own (areaScreens.ts).
const areaScreen = (name: AreaScreen) => lazyScreen<object>(() => import('./areaScreens.ts').then((m) => m.AREA_SCREENS[name]()));
const InvoiceIndex = areaScreen('InvoiceIndex');
const ChooseOrder = areaScreen('ChooseOrder');
const EditInvoiceInfo = areaScreen('EditInvoiceInfo');
const InvoiceHistory = areaScreen('InvoiceHistory');
const InvoiceDetail = areaScreen('InvoiceDetail');
const BlackOrderList = areaScreen('BlackOrderList');
const MessageFillIn = areaScreen('MessageFillIn');
const MessageList = areaScreen('MessageList');
const MessageDetail = areaScreen('MessageDetail');
const BaseInfo = areaScreen('BaseInfo');
const ChangePhone = areaScreen('ChangePhone');
const Coupons = areaScreen('Coupons');
const Destory = areaScreen('Destory');
const ReDestory = areaScreen('ReDestory');
const TeamLogin = areaScreen('TeamLogin');
const TeamRegister = areaScreen('TeamRegister');
const TeamHome = areaScreen('TeamHome');
const GroupSelectDate = areaScreen('GroupSelectDate');
const GroupSelectVenues = areaScreen('GroupSelectVenues');
const AddLeader = areaScreen('AddLeader');
const GroupAudience = areaScreen('GroupAudience');
const AddTeachers = areaScreen('AddTeachers');
const GroupSure = areaScreen('GroupSure');
const GroupCart = areaScreen('GroupCart');
const GroupSelectSeat = areaScreen('GroupSelectSeat');
const GroupCinemaSelect = areaScreen('GroupCinemaSelect');
const TeamPassword = areaScreen('TeamPassword');
const TeamDetails = areaScreen('TeamDetails');
const TeamBaseInfo = areaScreen('TeamBaseInfo');
const TeamPhone = areaScreen('TeamPhone');
const TopContacts = lazyScreen(withTeamTexts(() => import('../features/centre/TopContacts.tsx')));
const EditContact = lazyScreen(withTeamTexts(() => import('../features/centre/EditContact.tsx')));
const NoticeList = lazyScreen(withTeamTexts(() => import('../features/centre/NoticeList.tsx')));
const NoticeDetail = lazyScreen(withTeamTexts(() => import('../features/centre/NoticeDetail.tsx')));
// The visitor's centre brings the centre's texts (with the group area's, whose shared screens it uses).
const PersonHome = lazyScreen(withTeamTexts(() => import('../features/centre/PersonHome.tsx')));
const CommonProblem = areaScreen('CommonProblem');
const StaffLogin = areaScreen('StaffLogin');
const StaffTeams = areaScreen('StaffTeams');
const StaffTeam = areaScreen('StaffTeam');
const StaffWindowPayment = areaScreen('StaffWindowPayment');
const StaffGate = areaScreen('StaffGate');
const StaffDay = areaScreen('StaffDay');
const StaffHome = areaScreen('StaffHome');
const StaffSettings = areaScreen('StaffSettings');
const StaffCatalogue = areaScreen('StaffCatalogue');
const StaffCoupons = areaScreen('StaffCoupons');
const StaffPackages = areaScreen('StaffPackages');
const StaffContent = areaScreen('StaffContent');
const StaffMessages = areaScreen('StaffMessages');
const StaffMessage = areaScreen('StaffMessage');
const StaffInvoices = areaScreen('StaffInvoices');
const StaffRefunds = areaScreen('StaffRefunds');
const StaffSessions = areaScreen('StaffSessions');
const NotFound = lazyScreen(() => import('../features/entry/NotFound.tsx'));

/** The screen of every path of the route table: a path without a screen is a type error. */
const SCREENS: Record<RoutePath, ComponentType<object>> = {
  [SHARED_PATHS.entry]: Entry,
  [SHARED_PATHS.notFound]: NotFound,
  [SHARED_PATHS.repOrder]: RepOrder,
  [INDIVIDUAL_PATHS.selectDate]: SelectDate,
  [INDIVIDUAL_PATHS.selectVenues]: SelectVenues,
  [INDIVIDUAL_PATHS.addAudience]: AddAudience,
  [INDIVIDUAL_PATHS.addAudienceSure]: AddAudienceSure,
  [INDIVIDUAL_PATHS.packageAddSure]: PackageAddSure,
  [INDIVIDUAL_PATHS.waitingList]: WaitingList,
  [INDIVIDUAL_PATHS.cinemaSelect]: CinemaSelect,
  [INDIVIDUAL_PATHS.moveDetail]: MoveDetail,
  [INDIVIDUAL_PATHS.cinemaAddAudience]: CinemaAddAudience,
  [INDIVIDUAL_PATHS.cinemaSelectSeat]: CinemaSelectSeat,
  [INDIVIDUAL_PATHS.cinemaSelectSeatChange]: CinemaSelectSeat,
  [INDIVIDUAL_PATHS.cinemaAddAudienceSure]: CinemaAddAudienceSure,
  [INDIVIDUAL_PATHS.shoppingCart]: ShoppingCart,
  [INDIVIDUAL_PATHS.login]: Login,
  [INDIVIDUAL_PATHS.register]: Login,
  [INDIVIDUAL_PATHS.forgetPassword]: Login,
  [INDIVIDUAL_PATHS.bindPhone]: BindPhone,
  [INDIVIDUAL_PATHS.wxLogin]: WxLogin,
  [INDIVIDUAL_PATHS.wxLoginConfirm]: WxLoginConfirm,
  [INDIVIDUAL_PATHS.payOrder]: PayOrder,
  [INDIVIDUAL_PATHS.paySuccess]: PaySuccess,
  [INDIVIDUAL_PATHS.orderRecord]: OrderRecord,
  [INDIVIDUAL_PATHS.myTickets]: MyTickets,
  [INDIVIDUAL_PATHS.orderDetail]: OrderDetail,
  [INDIVIDUAL_PATHS.blackOrderList]: BlackOrderList,
  [INDIVIDUAL_PATHS.invoiceIndex]: InvoiceIndex,
  [INDIVIDUAL_PATHS.chooseOrder]: ChooseOrder,
  [INDIVIDUAL_PATHS.editInvoiceInfo]: EditInvoiceInfo,
  [INDIVIDUAL_PATHS.invoiceHistory]: InvoiceHistory,
  [INDIVIDUAL_PATHS.invoiceDetail]: InvoiceDetail,
  [INDIVIDUAL_PATHS.messageFillIn]: MessageFillIn,
  [INDIVIDUAL_PATHS.messageList]: MessageList,
  [INDIVIDUAL_PATHS.messageDetail]: MessageDetail,
  [INDIVIDUAL_PATHS.personHome]: PersonHome,
  [INDIVIDUAL_PATHS.baseInfo]: BaseInfo,
  [INDIVIDUAL_PATHS.changePhone]: ChangePhone,
  // Frequent visitors and notices: the same screens as a team's, on the visitor's paths and token.
  [INDIVIDUAL_PATHS.topContacts]: TopContacts,
  [INDIVIDUAL_PATHS.addAudienceInformation]: EditContact,
  [INDIVIDUAL_PATHS.editAudienceInformation]: EditContact,
  [INDIVIDUAL_PATHS.notice]: NoticeList,
  [INDIVIDUAL_PATHS.noticeDetail]: NoticeDetail,
  [INDIVIDUAL_PATHS.coupon]: Coupons,
  [INDIVIDUAL_PATHS.destory]: Destory,
  [INDIVIDUAL_PATHS.reDestory]: ReDestory,
  [TEAM_PATHS.login]: TeamLogin,
  [TEAM_PATHS.register]: TeamRegister,
  // The group draft: the team's start is its calendar.
  [TEAM_PATHS.selectDate]: GroupSelectDate,
  [TEAM_PATHS.selectVenues]: GroupSelectVenues,
  [TEAM_PATHS.addLeader]: AddLeader,
  [TEAM_PATHS.addAudience]: GroupAudience,
  [TEAM_PATHS.addAudienceOfHall]: GroupAudience,
  [TEAM_PATHS.addTeachers]: AddTeachers,
  [TEAM_PATHS.addAudienceSure]: GroupSure,
  // A dome: its films, then the same draft screens under the cinema's names (seats assigned together).
  [TEAM_PATHS.cinemaSelect]: GroupCinemaSelect,
  [TEAM_PATHS.moveDetail]: MoveDetail,
  [TEAM_PATHS.cinemaAddLeader]: AddLeader,
  [TEAM_PATHS.cinemaAddAudience]: GroupAudience,
  [TEAM_PATHS.cinemaAddTeachers]: AddTeachers,
  [TEAM_PATHS.cinemaAddAudienceSure]: GroupSure,
  [TEAM_PATHS.shoppingCart]: GroupCart,
  [TEAM_PATHS.cinemaSelectSeat]: GroupSelectSeat,
  [TEAM_PATHS.cinemaSelectSeatChange]: GroupSelectSeat,
  [TEAM_PATHS.personHome]: TeamHome,
  [TEAM_PATHS.baseInfo]: TeamBaseInfo,
  [TEAM_PATHS.forgetPassword]: TeamPassword,
  [TEAM_PATHS.changePassword]: TeamPassword,
  [TEAM_PATHS.changeInfo]: TeamDetails,
  [TEAM_PATHS.changePhone]: TeamPhone,
  [TEAM_PATHS.topContacts]: TopContacts,
  [TEAM_PATHS.editAudienceInformation]: EditContact,
  [TEAM_PATHS.notice]: NoticeList,
  [TEAM_PATHS.noticeDetail]: NoticeDetail,
  [TEAM_PATHS.commonProblem]: CommonProblem,
  // A team's orders: the same screens as a visitor's, on the team's paths and token.
  [TEAM_PATHS.payOrder]: PayOrder,
  [TEAM_PATHS.paySuccess]: PaySuccess,
  [TEAM_PATHS.orderRecord]: OrderRecord,
  [TEAM_PATHS.blackOrderList]: BlackOrderList,
  [TEAM_PATHS.orderDetail]: OrderDetail,
  [TEAM_PATHS.ticketChangesDate]: TicketChangesDate,
  [TEAM_PATHS.messageFillIn]: MessageFillIn,
  [TEAM_PATHS.messageList]: MessageList,
  [TEAM_PATHS.messageDetail]: MessageDetail,
  [STAFF_PATHS.area]: StaffHome,
  [STAFF_PATHS.login]: StaffLogin,
  [STAFF_PATHS.teams]: StaffTeams,
  [STAFF_PATHS.team]: StaffTeam,
  [STAFF_PATHS.windowPayment]: StaffWindowPayment,
  [STAFF_PATHS.gate]: StaffGate,
  [STAFF_PATHS.day]: StaffDay,
  [STAFF_PATHS.settings]: StaffSettings,
  [STAFF_PATHS.halls]: StaffCatalogue,
  [STAFF_PATHS.coupons]: StaffCoupons,
  [STAFF_PATHS.packages]: StaffPackages,
  [STAFF_PATHS.content]: StaffContent,
  [STAFF_PATHS.messages]: StaffMessages,
  [STAFF_PATHS.message]: StaffMessage,
  [STAFF_PATHS.invoices]: StaffInvoices,
  [STAFF_PATHS.refunds]: StaffRefunds,
  [STAFF_PATHS.sessions]: StaffSessions,
};

/** The settings a screen gets when the museum's could not be read: "My tickets" without signal. */
const NO_SETTINGS: BaseSettings = { systemName: '', config: {}, texts: {}, open: true };

export function App() {
  const { i18n } = useTranslation();
  const [settings, setSettings] = useState<BaseSettings | null>(null);
  const [failed, setFailed] = useState(false);
  // Asked again when the signal comes back to "My tickets" that opened without the settings.
  const [attempt, setAttempt] = useState(0);

  // Texts arrive in the request's language: reload them when the language changes.
  useEffect(() => {
    let live = true;
    // Without signal "My tickets" opens all the same: it needs none of the settings (docs/product.md §2.12).
    const ownTickets = window.location.pathname === INDIVIDUAL_PATHS.myTickets;
    getBaseSettings().then(
      (loaded) => {
        if (!live) return;
        applyLanguageConfig(englishAllowed(loaded), loaded.config.default_language === 'en' ? 'en' : 'zh');
        setSettings(loaded);
      },
      () => {
        if (!live) return;
        if (!ownTickets) return setFailed(true);
        setSettings((known) => known ?? NO_SETTINGS);
        window.addEventListener('online', () => setAttempt((n) => n + 1), { once: true });
      },
    );
    return () => {
      live = false;
    };
  }, [i18n.language, attempt]);

  if (!settings) {
    return failed ? (
      <div className="empty-state">
        <ShellGone />
        <p>{i18n.t('errors.settings')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {i18n.t('common.retry')}
        </button>
        {/* Tickets kept on this phone show without signal (docs/product.md §2.12). */}
        {localStorage.getItem(OFFLINE_TICKETS_KEY) ? (
          <a href={INDIVIDUAL_PATHS.myTickets} className="btn btn--block">
            {i18n.t('myTickets.title')}
          </a>
        ) : null}
      </div>
    ) : (
      <LoadingOverlay show />
    );
  }

  return (
    <SettingsContext.Provider value={settings}>
      <Guard>
        <ChunkErrorBoundary>
          <Suspense fallback={<LoadingOverlay show />}>
            <ShellGone />
            <Switch>
              {(Object.keys(SCREENS) as RoutePath[]).map((path) => (
                <Route key={path} path={path} component={SCREENS[path]} />
              ))}
              <Route>
                <Redirect to="/404" replace />
              </Route>
            </Switch>
          </Suspense>
        </ChunkErrorBoundary>
      </Guard>
    </SettingsContext.Provider>
  );
}

/** Removes index.html's shell (painted before the code arrived) in the commit that shows a
 * screen or the settings' failure: inside the screens' Suspense it commits with the screen,
 * not with the loading fallback, so the visitor never sees an empty page in between. */
function ShellGone() {
  useLayoutEffect(() => {
    document.getElementById('boot')?.remove();
  }, []);
  return null;
}

/** Runs the route guard on every navigation and redirects before the screen renders. */
function Guard({ children }: { children: ReactNode }) {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // A shared order, the entry and the staff console belong to no area: they keep the current one.
  const neutral = pathname.includes('/repOrder') || pathname === '/' || pathname.startsWith(STAFF_PATHS.area);
  const kind = neutral ? currentKind() : rememberKind(pathname);
  const verdict = guard({
    pathname,
    search: search ? `?${search}` : '',
    kind,
    loggedIn: Boolean(getToken(kind)),
    mustBind: mustBind(),
  });

  useEffect(() => {
    const errorMsg = new URLSearchParams(search).get('errorMsg');
    // A login error is shown once per session, then the visitor starts over (docs/product.md §2).
    if (errorMsg && !sessionStorage.getItem('errorMsgShown')) {
      sessionStorage.setItem('errorMsgShown', '1');
      toastFail(errorMsg);
    }
    const appType = new URLSearchParams(search).get('appType');
    if (appType) sessionStorage.setItem('appType', appType);
    if (!verdict.pass) navigate(verdict.to, { replace: true });
  }, [verdict, search, navigate]);

  return verdict.pass ? <>{children}</> : null;
}
