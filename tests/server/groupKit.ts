/** A team's group orders in the server tests (groupOrders, teamFreezing, groupCart): team
 * tokens, new schools, order bodies, and paying through the cashier's notify. */
import { expect } from 'vitest';
import type { z } from 'zod';
import { signToken } from '../../server/auth.ts';
import type { groupOrderBody } from '../../src/domain/contracts.ts';
import type { GroupOrderDetail, HallPool } from '../../src/domain/types.ts';
import { idCard, type TestApp } from './helpers.ts';

export type GroupBody = z.output<typeof groupOrderBody>;

export function groupKit(app: () => TestApp) {
  async function teamToken(creditCode: string) {
    const [team] = await app().db.query<{ id: number }>('SELECT id FROM teams WHERE credit_code = $1', [creditCode]);
    return signToken(app().app.tokenSecret, team.id, 'team', app().now(), 3600);
  }

  /** Another approved school, inserted as staff approval leaves it: its token, and a fresh one later. */
  let schools = 0;
  async function newSchool(): Promise<string> {
    return (await newSchoolLogin())();
  }
  async function newSchoolLogin(): Promise<() => Promise<string>> {
    const code = `91110000MA00${String(++schools).padStart(5, '0')}X`;
    await app().db.query(
      `INSERT INTO teams (team_name, team_type, credit_code, contact_name, contact_phone, address, password_hash, review_state, credit_expires_on, created_at)
       VALUES ($1, 2, $2, '李老师', '13900139123', '路', 'x', 'approved', '2031-01-01', $3)`,
      [`第${schools}中学`, code, app().now()],
    );
    return () => teamToken(code);
  }

  const groupHalls = async (date: string) => (await app().call<HallPool[]>('GET', `/pool/ingore/getHall?queryDate=${date}&openPerson=2`)).data;
  const mainHall = async (date: string) => (await groupHalls(date)).find((h) => h.hallKey === 'main')!;

  type Body = GroupBody;
  const grade = (name: string, boy: number, girl: number) => ({ name, boy, girl, all: boy + girl, beijing: boy + girl, orther: 0 });
  const teachers = (n: number, seq = 0) =>
    Array.from({ length: n }, (_, i) => ({
      name: `李老师${'一二三四五六七八'[i]}`,
      certificateType: '1' as const,
      certificateInfo: idCard('1985-01-01', String(200 + seq * 10 + i)),
    }));
  const leader = (seq = 0) => ({
    name: '王老师',
    certificateType: '1' as const,
    certificateInfo: idCard('1980-03-04', String(100 + seq)),
    mobile: '13800138000',
  });

  /** A school's order: 2 grades of 40 pupils, 5 teachers and the leader, unless told otherwise. */
  async function schoolBody(date: string, over: Partial<Body> = {}, session = 0): Promise<Body> {
    const h = await mainHall(date);
    const gradeList = over.gradeList ?? [grade('一年级', 20, 20), grade('二年级', 21, 19)];
    const teacherList = over.teacherList ?? teachers(5);
    const pupils = gradeList.reduce((n, g) => n + g.all, 0);
    return {
      date,
      hallId: h.hallId,
      hallScheduleId: h.scheduleTicketPoolVOS[session].hallScheduleId,
      captchaToken: await app().captchaToken(),
      payMethod: 'online',
      orderAdditionInfo: { ...leader(), personNumber: pupils + teacherList.length + 1 },
      ticketUseType: 1,
      leaderFreeFlag: 0,
      gradeList,
      teacherList,
      ...over,
    };
  }

  async function agencyBody(date: string, visitors: number, over: Partial<Body> = {}): Promise<Body> {
    const h = await mainHall(date);
    return {
      date,
      hallId: h.hallId,
      hallScheduleId: h.scheduleTicketPoolVOS[1].hallScheduleId,
      captchaToken: await app().captchaToken(),
      payMethod: 'online',
      orderAdditionInfo: { ...leader(7), personNumber: visitors + 1 },
      leaderFreeFlag: 1,
      ticketUseType: 1,
      gradeList: [],
      teacherList: [],
      ...over,
    };
  }

  const place = (token: string, body: Body, lang: 'zh' | 'en' = 'zh') => app().call('POST', '/config/orderRule/placeOrder', { token, body, lang });
  const detail = async (token: string, id: number) =>
    (await app().call<GroupOrderDetail>('GET', `/order/OrderInfo/searchTravelTeamOrder/${id}`, { token })).data;
  const freeUsed = async (date: string) =>
    (
      await app().db.query<{ used: number }>(
        `SELECT used FROM school_free_used u JOIN halls h ON h.id = u.hall_id WHERE h.hall_key = 'main' AND visit_date = $1`,
        [date],
      )
    )[0]?.used ?? 0;

  async function pay(token: string, orderId: number) {
    const c = await app().call('POST', '/pay/create', { token, body: { orderId } });
    expect(c.code, c.msg).toBe(200);
    const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId')!;
    const [{ amount }] = await app().db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
    expect(await app().payNotify(payId, amount)).toBe(204);
  }

  /** The name of the school newSchool made last. */
  const lastSchoolName = () => `第${schools}中学`;

  return {
    teamToken,
    newSchool,
    lastSchoolName,
    newSchoolLogin,
    groupHalls,
    mainHall,
    grade,
    teachers,
    leader,
    schoolBody,
    agencyBody,
    place,
    detail,
    freeUsed,
    pay,
  };
}
