/** A group order's group, as it is kept with the order (`group_info`) and as its owner reads it:
 * apart from the group's booking, which the order reads do not need. */
import { maskCertificate, maskName, maskPhone } from '../../src/domain/certificates.ts';
import { windowPayLastDay, type GroupDraft, type GroupQuote } from '../../src/domain/groupRules.ts';
import type { GroupOrderInfo } from '../../src/domain/types.ts';

/** The group's part of an order, personal data masked. */
export function groupView(info: StoredGroupInfo, payMethod: 'online' | 'window', visitDate: string): GroupOrderInfo {
  return {
    payMethod,
    windowPayLastDay: payMethod === 'window' ? windowPayLastDay(visitDate) : null,
    leader: { name: maskName(info.leader.name), certificateInfo: maskCertificate(info.leader.certificateInfo), mobile: maskPhone(info.leader.mobile) },
    gradeList: info.gradeList,
    teacherList: info.teacherList.map((t) => ({ name: maskName(t.name), certificateInfo: maskCertificate(t.certificateInfo) })),
    ticketUseType: info.ticketUseType,
    lines: info.lines,
  };
}

export interface StoredGroupInfo {
  teamName: string;
  leader: { name: string; certificateInfo: string; mobile: string };
  gradeList: GroupDraft['grades'];
  teacherList: Array<{ name: string; certificateInfo: string }>;
  ticketUseType: GroupDraft['ticketUseType'];
  leaderFreeFlag: 0 | 1;
  teacherNeedCharge: 0 | 1;
  lines: GroupQuote['lines'];
}
