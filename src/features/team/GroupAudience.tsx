/** team/select/addAudience: a school's pupils by grade (name, boys, girls, their total counted,
 * Beijing and other pupils; Grade One and Grade Two to start, grades added and removed), or the size of
 * another group, and an agency's request for the tour leader's free ticket. */
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isAgencyDraft, isSchoolDraft, MAX_GRADES } from '../../../machines/groupDraft.machine.ts';
import { pupilsOf, type GradeEntry } from '../../domain/groupRules.ts';
import { Field } from '../../ui/Field.ts';
import { formatMoney } from '../../ui/money.ts';
import { Screen } from '../../ui/Screen.tsx';
import { StepNext } from './StepNext.tsx';
import { useGroupDraft, useGroupPath, useGroupScreen } from './groupDraft.ts';
import './team.css';

const COUNTS = [
  ['boy', 'group.boys'],
  ['girl', 'group.girls'],
  ['beijing', 'group.beijing'],
  ['orther', 'group.other'],
] as const satisfies ReadonlyArray<readonly [keyof GradeEntry, string]>;

export default function GroupAudience() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useGroupScreen('audience', navigate);
  const context = useGroupDraft((s) => s.context);
  const school = isSchoolDraft(context);
  const agency = isAgencyDraft(context);
  const { grades } = context.draft;
  const refusal = context.violations[0];
  const { setting } = context;
  // The hall's child ticket ages (docs/product.md §3.3), "0-7"; none known: the label says children only.
  const ages = setting && setting.childAges.min !== null && setting.childAges.max !== null ? `${setting.childAges.min}-${setting.childAges.max}` : null;
  const countField = (index: number, field: (typeof COUNTS)[number][0], value: number, label: string) => (
    <Field
      key={field}
      label={label}
      type="digit"
      maxLength={4}
      value={String(value)}
      onChange={(typed) => actor.send({ type: 'GRADE.CHANGE', index, field, value: typed })}
    />
  );

  return (
    <Screen title={t(school ? 'group.pupilsTitle' : 'group.sizeTitle')} backTo={useGroupPath('leader')}>
      {school ? (
        <>
          <p className="hint team-hint">{t('group.pupilsHint')}</p>
          {grades.map((grade, index) => (
            <section key={index} className="card grade" aria-label={t('group.grade', { n: index + 1 })}>
              <div className="card__title">
                <span>{t('group.grade', { n: index + 1 })}</span>
                {grades.length > 1 ? (
                  <button type="button" className="link" onClick={() => actor.send({ type: 'GRADE.REMOVE', index })}>
                    {t('group.remove')}
                  </button>
                ) : null}
              </div>
              <Field
                label={t('group.gradeName')}
                value={grade.name}
                maxLength={30}
                onChange={(value) => actor.send({ type: 'GRADE.CHANGE', index, field: 'name', value })}
              />
              <div className="grade__counts">
                {COUNTS.slice(0, 2).map(([field, label]) => countField(index, field, grade[field], t(label)))}
                {/* Boys plus girls, counted for the school rather than typed (docs/product.md §5.5). */}
                <div className="grade__total" data-testid="grade-total">
                  <span>{t('group.total')}</span>
                  <output aria-live="polite">{grade.all}</output>
                </div>
                {COUNTS.slice(2).map(([field, label]) => countField(index, field, grade[field], t(label)))}
              </div>
            </section>
          ))}
          {grades.length < MAX_GRADES ? (
            <button type="button" className="btn btn--block" onClick={() => actor.send({ type: 'GRADE.ADD' })}>
              {t('group.addGrade')}
            </button>
          ) : null}
          <p className="team-hint" data-testid="pupils-total">
            {t('group.pupilsTotal', { n: pupilsOf(context.draft) })}
          </p>
        </>
      ) : (
        <section className="card">
          <Field
            className="field--stacked"
            label={t('group.visitors')}
            placeholder={t('group.visitorsPlaceholder')}
            type="digit"
            maxLength={4}
            value={context.draft.visitors ? String(context.draft.visitors) : ''}
            onChange={(value) => actor.send({ type: 'VISITORS.CHANGE', value })}
          />
          {setting ? (
            <>
              <Field
                className="field--stacked"
                label={ages ? t('group.children', { ages }) : t('group.childrenNoAges')}
                placeholder="0"
                type="digit"
                maxLength={4}
                value={context.draft.children ? String(context.draft.children) : ''}
                onChange={(value) => actor.send({ type: 'CHILDREN.CHANGE', value })}
              />
              <p className="hint team-hint" data-testid="children-hint">
                {setting.freeChildTicket && setting.freeChildPerAdult > 0
                  ? t('group.childrenHint', { n: setting.freeChildPerAdult, price: formatMoney(setting.childPrice) })
                  : t('group.childrenPaid', { price: formatMoney(setting.childPrice) })}
              </p>
            </>
          ) : null}
          {agency && context.setting?.chargedPerFreeLeader != null ? (
            <label className="agreement">
              <input type="checkbox" checked={context.draft.leaderFree} onChange={() => actor.send({ type: 'LEADER_FREE.TOGGLE' })} />
              <span>{t('group.leaderFree', { n: context.setting.chargedPerFreeLeader })}</span>
            </label>
          ) : null}
        </section>
      )}
      <StepNext refusal={refusal} onNext={() => actor.send({ type: 'NEXT' })} />
    </Screen>
  );
}
