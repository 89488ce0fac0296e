/** The demo museum's data: halls, prices, config keys and texts. */
import type { HallRules, TicketKind } from '../../src/domain/types.ts';
import { RISK_CONFIG } from '../services/risk.ts';
import { BOOKING_DAYS } from '../../src/domain/limits.ts';
import { DOME_A, DOME_B, type SeatLayout } from './cinema.ts';

export interface SeedHall {
  hallKey: HallRules['hallKey'];
  name: [string, string];
  intro: [string, string];
  ageNote: [string, string] | null;
  minBuyers: number;
  maxBuyers: number;
  minAge: number | null;
  childAgeMin: number | null;
  childAgeMax: number | null;
  needsAdultAndChild: boolean;
  sessions: Array<[begin: string, end: string, capacity: number]>;
  /** A dome cinema: its seats, who picks them, and the film of each session (by index; a
   * session's capacity is its number of seats). */
  cinema?: { layout: SeatLayout; chooseMode: 1 | 2 | 3; films: string[] };
  /** Its full sessions keep a waiting list. */
  waitingList?: boolean;
  /** Groups it takes (docs/product.md §5 group rules): their size, school-only or off-season-only, and the
   * free pupil tickets schools share per day. None: no groups. */
  groups?: { max: number; min?: number; schoolOnly?: boolean; offSeasonOnly?: boolean; schoolFreeDaily?: number };
  prices: Array<{ name: [string, string]; kind: TicketKind; price: number; ageMin: number | null; ageMax: number | null; free?: boolean }>;
}

const adult = { name: ['成人票', 'Adult'] as [string, string], kind: 'adult' as const, ageMin: 18, ageMax: null };
const student = { name: ['学生票', 'Student'] as [string, string], kind: 'student' as const, ageMin: 6, ageMax: 22 };
const senior = { name: ['老年票', 'Senior'] as [string, string], kind: 'senior' as const, ageMin: 60, ageMax: null };
const freeChild = { name: ['免费儿童票', 'Free child'] as [string, string], kind: 'child' as const, price: 0, ageMin: 0, ageMax: 7, free: true };

const day: Array<[string, string, number]> = [
  ['09:00', '12:00', 300],
  ['12:00', '14:30', 300],
  ['14:30', '17:00', 300],
];

/** The booking rules of a hall open to everyone: 1-4 visitors, no age limits. */
const anyone = {
  ageNote: null,
  minBuyers: 1,
  maxBuyers: 4,
  minAge: null,
  childAgeMin: null,
  childAgeMax: null,
  needsAdultAndChild: false,
} satisfies Partial<SeedHall>;

/** The domes' rules: 3 and older (the sound and darkness are not for infants). */
const cinemaRules = {
  ...anyone,
  ageNote: ['3 岁以下儿童不宜观影', 'Not for children under 3'] as [string, string],
  minAge: 3,
};

const cinemaPrices: SeedHall['prices'] = [{ ...adult, price: 4000 }, { ...student, price: 2000 }, { ...senior, price: 2000 }, freeChild];

export const HALLS: SeedHall[] = [
  {
    hallKey: 'main',
    name: ['主展厅', 'Main exhibition hall'],
    waitingList: true,
    groups: { max: 200, schoolFreeDaily: 300 },
    intro: ['常设展览：探索与发现、科技与生活、挑战与未来。', 'Permanent exhibitions: exploration, science in daily life, and the future.'],
    ...anyone,
    sessions: day,
    prices: [{ ...adult, price: 3000 }, { ...student, price: 1500 }, { ...senior, price: 1500 }, freeChild],
  },
  {
    hallKey: 'children',
    name: ['儿童科学乐园', "Children's science park"],
    intro: ['为 3-8 岁儿童设计的动手探索乐园，须由成人陪同。', 'A hands-on play space for children aged 3-8, with an accompanying adult.'],
    ageNote: ['适合 3-8 岁儿童，须成人陪同', 'Ages 3-8, with an adult'],
    minBuyers: 2,
    maxBuyers: 4,
    minAge: null,
    childAgeMin: 3,
    childAgeMax: 8,
    needsAdultAndChild: true,
    sessions: [
      ['09:00', '12:00', 60],
      ['12:00', '14:30', 60],
      ['14:30', '17:00', 60],
    ],
    prices: [
      { ...adult, price: 3000 },
      { name: ['儿童票', 'Child'], kind: 'child', price: 0, ageMin: 3, ageMax: 8, free: true },
    ],
  },
  {
    hallKey: 'temporary',
    name: ['短期展厅', 'Short-term exhibition hall'],
    waitingList: true,
    groups: { max: 120, offSeasonOnly: true },
    intro: ['临时展览：「星际旅行」特展。', 'Temporary exhibition: "Journey to the Stars".'],
    ...anyone,
    sessions: day,
    prices: [{ ...adult, price: 2000 }, { ...student, price: 1000 }, { ...senior, price: 1000 }, freeChild],
  },
  {
    hallKey: 'cinema',
    name: ['球幕影院', 'Dome cinema'],
    intro: ['直径 30 米的球幕，每天放映三部科普影片，选座观影。', 'A 30 m dome showing three science films a day; you choose your seats.'],
    // Groups sit together where the dome seats them (the team's seat map comes later).
    groups: { max: 150 },
    ...cinemaRules,
    sessions: [
      ['10:00', '10:40', 0],
      ['14:00', '14:35', 0],
      ['16:00', '16:30', 0],
    ],
    cinema: { layout: DOME_A, chooseMode: 1, films: ['universe', 'ocean', 'dinosaurs'] },
    prices: cinemaPrices,
  },
  {
    hallKey: 'cinema2',
    name: ['小球幕影院', 'Small dome cinema'],
    intro: ['44 座的小球幕，座位由系统连座分配。', 'A 44-seat dome; seats are assigned together for your party.'],
    ...cinemaRules,
    sessions: [
      ['11:00', '11:35', 0],
      ['15:00', '15:30', 0],
    ],
    cinema: { layout: DOME_B, chooseMode: 2, films: ['ocean', 'dinosaurs'] },
    prices: cinemaPrices,
  },
];

/** docs/product.md §3 system config keys, and the risk policy's rows (services/risk.ts). */
export const CONFIG: Record<string, string> = {
  audience_message_function: '1',
  /** A refunded ticket's coupon stays spent (services/coupons.ts COUPON_REFUND_RETURN). */
  coupon_refund_return: '0',
  /** The dome cinemas' banner on cinemaSelect (phone), and on the web site. */
  cinemaPicWap: '/films/dome.svg',
  cinemaPicWeb: '/films/dome.svg',
  copyright: '© 2026 Science and Technology Museum',
  i18n: '1',
  hallStatus: '1',
  museumStopSaleContent: '',
  person_shoppingcart_hold_period: '15',
  person_pay_hold_period: '15',
  team_pay_hold_period: '30',
  refund_for_print_ticket: '0',
  change_switch_after_get_ticket: '0',
  ocr_enable: '0',
  face_enable: '0',
  hall_main_oneperson_totalfreechild: '1',
  hall_temporary_oneperson_totalfreechild: '1',
  /** The surge room (docs/product.md §2.13) off in the demo: its tests and benchmarks rush one
   * session on a busy machine on purpose, and measure the sale, not the room. A museum's own
   * database has it on (src/domain/releaseQueue.ts QUEUE_CONFIG). */
  queue_surge_enable: '0',
  ...RISK_CONFIG,
};

export const SYSTEM_NAME: [string, string] = ['科技馆票务系统', 'Science Museum Tickets'];

/** The demo museum's calendar facts: the seed makes sessions from them and the texts below
 * tell them, so the two never disagree: when a new day opens (the booking window is BOOKING_DAYS). */
export const RELEASE_TIME = '20:00';
/** The name of each hall's seeded session template. */
export const DEMO_TEMPLATE_NAME = '每日场次 Daily';
export const OPENING_HOURS = { open: '9:00', close: '17:00', lastEntry: '16:00' };

export const TEXTS: Record<string, [string, string]> = {
  system_name: SYSTEM_NAME,
  buy_tips: [
    '<p>1. 本馆实行实名制预约，每人须使用本人有效证件购票，凭证件或二维码入馆。</p><p>2. 每单最多 4 人。</p><p>3. 每位成人可携带 1 名 7 岁以下儿童免费入馆。</p>',
    '<p>1. Admission is by real-name booking: each visitor books with their own valid ID and enters with it or the QR code.</p><p>2. Up to 4 visitors per order.</p><p>3. Each adult may bring one child under 7 for free.</p>',
  ],
  first_order_tips: [
    '<p>首次下单请仔细核对参观人姓名与证件号码，提交后不可修改。</p>',
    "<p>On your first order, check each visitor's name and ID number carefully: they cannot be changed after submitting.</p>",
  ],
  refund_alert: [
    '<p>退票成功后，款项将在 1-7 个工作日内原路退回。已检票的门票不可退。</p>',
    '<p>Refunds go back to the original payment method within 1-7 working days. Checked tickets cannot be refunded.</p>',
  ],
  user_agreement: [
    '<h3>购票须知与用户协议</h3><p>您在本系统购票即表示同意本馆的参观规定，并授权本馆为入馆核验处理您提供的身份信息。本馆不会将您的信息用于其他目的。</p>',
    "<h3>Booking terms and user agreement</h3><p>By booking here you accept the museum's visiting rules and allow the museum to process the identity data you give for admission checks only.</p>",
  ],
  portrait_agreement: [
    '<p>您上传的人像照片仅用于入馆人脸核验，绑定在该观众的证件上，除您本人外任何人不可查看。您可随时在常用观众中删除；注销账号时一并删除。</p>',
    "<p>Your face photo is used only for the entrance face check. It is bound to this visitor's certificate and shown to nobody but you. Delete it at any time from your frequent visitors; cancelling your account deletes it too.</p>",
  ],
  ticketing_tips: [
    `<p>可预约今天起 ${BOOKING_DAYS} 天内的门票，每日 ${RELEASE_TIME} 放出新的一天。</p>`,
    `<p>Tickets can be booked for the next ${BOOKING_DAYS} days, today included; a new day opens every day at ${RELEASE_TIME}.</p>`,
  ],
  refund_change_policy: [
    '<p>参观日前一天 17:00 前可免费退票或改签一次；球幕影院门票不支持改签。</p>',
    '<p>Refund or change the date for free until 17:00 the day before your visit; dome cinema tickets cannot be changed.</p>',
  ],
  ticket_checking_instructions: [
    '<p>请携带购票时使用的证件，在入口刷证件或出示二维码检票入馆。</p>',
    '<p>Bring the ID you booked with and scan it or show the QR code at the entrance.</p>',
  ],
  visit_time: [
    `<p>每日 ${OPENING_HOURS.open}-${OPENING_HOURS.close}（${OPENING_HOURS.lastEntry} 停止入馆），闭馆日以日历为准。</p>`,
    `<p>Daily ${OPENING_HOURS.open}-${OPENING_HOURS.close} (last entry ${OPENING_HOURS.lastEntry}); closed days are marked on the calendar.</p>`,
  ],
  notice: [
    '<p>【公告】短期展厅「星际旅行」特展火热进行中，欢迎预约参观。</p>',
    '<p>Notice: the "Journey to the Stars" exhibition is now open in the short-term exhibition hall.</p>',
  ],
  museumStopSaleContent: [
    '<p>因场馆设施维护，暂停售票，恢复时间另行通知。</p>',
    '<p>Ticket sales are paused for facility maintenance; we will announce when they resume.</p>',
  ],
  closed_reason: ['设施维护，本日闭馆', 'Closed for facility maintenance'],
  stopped_reason: ['设备维护，本场次暂停售票', 'Sales stopped for equipment maintenance'],
};

export const DEMO_USER = { phone: '13800138000', name: 'Demo' };
