/** team/select/addTeachers (schools): the teachers by name and certificate, and whether they
 * come to escort the pupils (their free tickets, one per 15 free pupils, depend on it). */
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MAX_TEACHERS } from '../../../machines/groupDraft.machine.ts';
import { STUDENTS_PER_FREE_TEACHER } from '../../domain/limits.ts';
import { TICKET_USE_TYPES } from '../../domain/groupRules.ts';
import type { CertificateType } from '../../domain/types.ts';
import { CertificateScan } from '../../widgets/CertificateScan.tsx';
import { CertificateTypeField } from '../../widgets/CertificateTypeField.tsx';
import { Field } from '../../ui/Field.ts';
import { Screen } from '../../ui/Screen.tsx';
import { StepNext } from './StepNext.tsx';
import { useGroupDraft, useGroupPath, useGroupScreen } from './groupDraft.ts';
import './team.css';

export default function AddTeachers() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useGroupScreen('teachers', navigate);
  const teachers = useGroupDraft((s) => s.context.draft.teachers);
  const useType = useGroupDraft((s) => s.context.draft.ticketUseType);
  const refusal = useGroupDraft((s) => s.context.violations[0]);
  const change = (index: number, field: 'name' | 'certificateType' | 'certificateNumber', value: string) =>
    actor.send({ type: 'TEACHER.CHANGE', index, field, value });

  return (
    <Screen title={t('group.teachersTitle')} backTo={useGroupPath('audience')}>
      <p className="hint team-hint">{t('group.teachersHint', { per: STUDENTS_PER_FREE_TEACHER })}</p>
      <section className="card">
        <div className="field-label">{t('group.useType')}</div>
        <div className="chips team-types" role="radiogroup" aria-label={t('group.useType')}>
          {(
            [
              [TICKET_USE_TYPES.escort, 'group.escort'],
              [TICKET_USE_TYPES.other, 'group.otherUse'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={useType === value}
              className={`chip${useType === value ? ' chip--on' : ''}`}
              onClick={() => actor.send({ type: 'USE_TYPE.CHANGE', value })}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </section>
      {teachers.map((teacher, index) => (
        <section key={index} className="card" aria-label={t('group.teacher', { n: index + 1 })}>
          <div className="card__title">
            <span>{t('group.teacher', { n: index + 1 })}</span>
            <button type="button" className="link" onClick={() => actor.send({ type: 'TEACHER.REMOVE', index })}>
              {t('group.remove')}
            </button>
          </div>
          <Field label={t('group.name')} placeholder={t('group.namePlaceholder')} value={teacher.name} onChange={(v) => change(index, 'name', v)} />
          <CertificateTypeField
            label={t('group.certificateType')}
            value={teacher.certificateType as CertificateType}
            onChange={(v) => change(index, 'certificateType', v)}
          />
          <Field
            label={t('group.certificateNumber')}
            placeholder={t('group.certificatePlaceholder')}
            value={teacher.certificateNumber}
            maxLength={18}
            onChange={(v) => change(index, 'certificateNumber', v)}
          />
          <CertificateScan
            teacherName={teacher.name}
            onRead={(read) => {
              change(index, 'certificateType', read.certificateType);
              change(index, 'certificateNumber', read.certificateNumber);
              if (read.name && !teacher.name.trim()) change(index, 'name', read.name);
            }}
          />
        </section>
      ))}
      {teachers.length < MAX_TEACHERS ? (
        <button type="button" className="btn btn--block" onClick={() => actor.send({ type: 'TEACHER.ADD' })}>
          {t('group.addTeacher')}
        </button>
      ) : null}
      <StepNext refusal={refusal} onNext={() => actor.send({ type: 'NEXT' })} />
    </Screen>
  );
}
