/** team/select/addLeader: the group's leader (docs/product.md §3 leader info): name as on the
 * certificate, its type (ID card by default) and number, the mobile. Each broken rule shows
 * under its field. */
import '../../ui/vant.ts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { GROUP_RULES } from '../../domain/groupRules.ts';
import type { CertificateType } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { CertificateTypeField } from '../../widgets/CertificateTypeField.tsx';
import { Field } from '../../ui/Field.ts';
import { Screen } from '../../ui/Screen.tsx';
import { StepNext } from './StepNext.tsx';
import { useGroupDraft, useGroupPath, useGroupScreen } from './groupDraft.ts';
import './team.css';

const FIELD_RULES = {
  name: [GROUP_RULES.leaderName],
  certificateNumber: [GROUP_RULES.leaderCertificate, GROUP_RULES.leaderAge],
  phone: [GROUP_RULES.leaderPhone],
} as const;

export default function AddLeader() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useGroupScreen('leader', navigate);
  const leader = useGroupDraft((s) => s.context.draft.leader);
  const violations = useGroupDraft((s) => s.context.violations);
  const errorOf = (field: keyof typeof FIELD_RULES) => {
    const v = violations.find((x) => (FIELD_RULES[field] as readonly string[]).includes(x.rule));
    return v ? tr(v.message) : undefined;
  };
  const change = (field: 'name' | 'certificateType' | 'certificateNumber' | 'phone', value: string) => actor.send({ type: 'LEADER.CHANGE', field, value });

  return (
    <Screen title={t('group.leaderTitle')} backTo={useGroupPath('venue')}>
      <p className="hint team-hint">{t('group.leaderHint')}</p>
      <section className="card" aria-label={t('group.leaderTitle')}>
        <Field
          label={t('group.name')}
          placeholder={t('group.namePlaceholder')}
          value={leader.name}
          onChange={(v) => change('name', v)}
          errorMessage={errorOf('name')}
        />
        <CertificateTypeField
          label={t('group.certificateType')}
          value={leader.certificateType as CertificateType}
          onChange={(v) => change('certificateType', v)}
        />
        <Field
          label={t('group.certificateNumber')}
          placeholder={t('group.certificatePlaceholder')}
          value={leader.certificateNumber}
          maxLength={18}
          onChange={(v) => change('certificateNumber', v)}
          errorMessage={errorOf('certificateNumber')}
        />
        <Field
          label={t('group.phone')}
          placeholder={t('group.phonePlaceholder')}
          type="tel"
          maxLength={11}
          value={leader.phone}
          onChange={(v) => change('phone', v)}
          errorMessage={errorOf('phone')}
        />
      </section>
      <StepNext onNext={() => actor.send({ type: 'NEXT' })} />
    </Screen>
  );
}
