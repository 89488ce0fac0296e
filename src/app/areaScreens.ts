/** The group area's and the staff console's screens, and the visitor's off the booking path
 * (invoices, messages, missed visits, coupons, the account's details and closing), each loaded with its texts. A chunk
 * of its own, fetched the first time one of them opens: their loaders, and the list of chunks
 * each preloads, are not part of the first screen's bytes (docs/architecture.md §8). */
import type { ComponentType } from 'react';
import { CINEMA_TEXTS, loadTexts, TEAM_TEXTS } from '../i18n/index.ts';

type Load = () => Promise<{ default: ComponentType<object> }>;
const team =
  (load: Load): Load =>
  () =>
    loadTexts(TEAM_TEXTS).then(load);
const cinema =
  (load: Load): Load =>
  () =>
    loadTexts(CINEMA_TEXTS).then(load);

export const AREA_SCREENS = {
  InvoiceIndex: () => import('../features/invoice/InvoiceIndex.tsx'),
  ChooseOrder: () => import('../features/invoice/ChooseOrder.tsx'),
  EditInvoiceInfo: () => import('../features/invoice/EditInvoiceInfo.tsx'),
  InvoiceHistory: () => import('../features/invoice/InvoiceHistory.tsx'),
  InvoiceDetail: () => import('../features/invoice/InvoiceDetail.tsx'),
  BlackOrderList: () => import('../features/missed/BlackOrderList.tsx'),
  MessageFillIn: () => import('../features/message/MessageFillIn.tsx'),
  MessageList: () => import('../features/message/MessageList.tsx'),
  MessageDetail: () => import('../features/message/MessageDetail.tsx'),
  BaseInfo: team(() => import('../features/centre/BaseInfo.tsx')),
  ChangePhone: team(() => import('../features/centre/ChangePhone.tsx')),
  Coupons: team(() => import('../features/centre/Coupons.tsx')),
  Destory: team(() => import('../features/centre/Destory.tsx')),
  ReDestory: team(() => import('../features/centre/ReDestory.tsx')),
  TeamLogin: team(() => import('../features/team/TeamLogin.tsx')),
  TeamRegister: team(() => import('../features/team/TeamRegister.tsx')),
  TeamHome: team(() => import('../features/team/TeamHome.tsx')),
  GroupSelectDate: team(() => import('../features/team/GroupSelectDate.tsx')),
  GroupSelectVenues: team(() => import('../features/team/GroupSelectVenues.tsx')),
  AddLeader: team(() => import('../features/team/AddLeader.tsx')),
  GroupAudience: team(() => import('../features/team/GroupAudience.tsx')),
  AddTeachers: team(() => import('../features/team/AddTeachers.tsx')),
  GroupSure: team(() => import('../features/team/GroupSure.tsx')),
  GroupCart: team(() => import('../features/team/GroupCart.tsx')),
  GroupSelectSeat: team(cinema(() => import('../features/team/GroupSelectSeat.tsx'))),
  GroupCinemaSelect: team(cinema(() => import('../features/team/GroupCinemaSelect.tsx'))),
  TeamPassword: team(() => import('../features/team/TeamPassword.tsx')),
  TeamDetails: team(() => import('../features/team/TeamDetails.tsx')),
  TeamBaseInfo: team(() => import('../features/team/TeamBaseInfo.tsx')),
  TeamPhone: team(() => import('../features/team/TeamPhone.tsx')),
  CommonProblem: team(() => import('../features/team/CommonProblem.tsx')),
  StaffLogin: team(() => import('../features/staff/StaffLogin.tsx')),
  StaffTeams: team(() => import('../features/staff/StaffTeams.tsx')),
  StaffTeam: team(() => import('../features/staff/StaffTeam.tsx')),
  StaffWindowPayment: team(() => import('../features/staff/StaffWindowPayment.tsx')),
  StaffGate: team(() => import('../features/staff/StaffGate.tsx')),
  StaffDay: team(() => import('../features/staff/StaffDay.tsx')),
  StaffHome: team(() => import('../features/staff/StaffHome.tsx')),
  StaffSettings: team(() => import('../features/staff/StaffSettings.tsx')),
  StaffCatalogue: team(() => import('../features/staff/StaffCatalogue.tsx')),
  StaffPackages: team(() => import('../features/staff/StaffPackages.tsx')),
  StaffCoupons: team(() => import('../features/staff/StaffCoupons.tsx')),
  StaffContent: team(() => import('../features/staff/StaffContent.tsx')),
  StaffMessages: team(() => import('../features/staff/StaffMessages.tsx')),
  StaffMessage: team(() => import('../features/staff/StaffMessage.tsx')),
  StaffInvoices: team(() => import('../features/staff/StaffInvoices.tsx')),
  StaffRefunds: team(() => import('../features/staff/StaffRefunds.tsx')),
  StaffSessions: team(() => import('../features/staff/StaffSessions.tsx')),
} satisfies Record<string, Load>;

export type AreaScreen = keyof typeof AREA_SCREENS;
