/** The group part of a team's order (docs/product.md §3 "Group order"), as one compact card: how it is
 * paid, the leader, the grades, the teachers and the tickets by role, free ones marked. The
 * leader's and teachers' certificates and mobile come masked from the server. */
import { useTranslation } from 'react-i18next';
import { paysAtWindow } from '../../domain/orderActions.ts';
import type { GroupOrderDetail } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';
import { Collapsed } from './Collapsed.tsx';
import { keepDates } from '../../ui/keepDates.ts';

export function GroupSummary({ order }: { order: GroupOrderDetail }) {
  const { t } = useTranslation();
  const { group } = order;
  return (
    <section className="card stack group-summary">
      <div className="card__title">{t('groupOrder.title')}</div>
      {paysAtWindow(order) ? <WindowPayNotice order={order} /> : null}
      <div className="row">
        <span className="muted">{t('groupOrder.payMethod')}</span>
        <span>{group.payMethod === 'window' ? t('groupOrder.payAtWindow', { date: keepDates(group.windowPayLastDay ?? '') }) : t('groupOrder.payOnline')}</span>
      </div>
      <div className="row">
        <span className="muted">{t('groupOrder.leader')}</span>
        <span>
          {group.leader.name} · {group.leader.mobile}
        </span>
      </div>
      <div className="row">
        <span />
        <span className="hint mono">{group.leader.certificateInfo}</span>
      </div>
      {group.gradeList.length > 0 ? (
        <div className="stack">
          <span className="muted">{t('groupOrder.grades')}</span>
          {group.gradeList.map((grade) => (
            <div key={grade.name} className="row">
              <span>{grade.name}</span>
              <span className="muted">{t('groupOrder.gradeCounts', { boy: grade.boy, girl: grade.girl, all: grade.all })}</span>
            </div>
          ))}
        </div>
      ) : null}
      {group.teacherList.length > 0 ? (
        <div className="stack">
          <span className="muted">
            {t('groupOrder.teachers', { n: group.teacherList.length })} · {t(`groupOrder.ticketUse.${group.ticketUseType}`)}
          </span>
          <Collapsed items={group.teacherList}>
            {(shown) =>
              shown.map((teacher, i) => (
                <div key={`${teacher.certificateInfo}-${i}`} className="row">
                  <span>{teacher.name}</span>
                  <span className="hint mono">{teacher.certificateInfo}</span>
                </div>
              ))
            }
          </Collapsed>
        </div>
      ) : null}
      <div className="stack">
        <span className="muted">{t('groupOrder.lines')}</span>
        {group.lines.map((line) => (
          <div key={`${line.role}-${line.free}`} className="row">
            <span>
              {t(`groupOrder.role.${line.role}`)} {line.free ? <span className="tag tag--ok">{t('common.free')}</span> : null}
            </span>
            <span>
              {line.count} × {formatMoney(line.unitPrice)} = <strong>{formatMoney(line.amount)}</strong>
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** An unpaid window payer's instructions: the last day, the means, and the number to show. */
export function WindowPayNotice({ order }: { order: GroupOrderDetail }) {
  const { t } = useTranslation();
  return (
    <div className="notice-bar stack" role="note">
      <span>{t('groupOrder.windowNotice', { date: keepDates(order.group.windowPayLastDay ?? '') })}</span>
      <span>
        {t('groupOrder.showNumber')} <strong className="mono">{order.orderNumber}</strong>
      </span>
    </div>
  );
}
