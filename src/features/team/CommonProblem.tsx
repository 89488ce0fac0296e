/** team/commonProblem: the questions groups ask, by category (TeamFAQs; no login). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getFaqs } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import './team.css';

export default function CommonProblem() {
  const { t } = useTranslation();
  const { data: faqs, loading, failed, reload } = useLoad(getFaqs, []);
  const [category, setCategory] = useState<string | null>(null);
  const categories = [...new Set((faqs ?? []).map((f) => f.category))];
  const shown = (faqs ?? []).filter((f) => category === null || f.category === category);
  return (
    <Screen title={t('teamArea.faq')} backTo={TEAM_PATHS.login}>
      <div className="chips team-types" role="tablist">
        {[null, ...categories].map((c) => (
          <button
            key={c ?? ''}
            type="button"
            role="tab"
            aria-selected={category === c}
            className={`chip${category === c ? ' chip--on' : ''}`}
            onClick={() => setCategory(c)}
          >
            {c ?? t('teamArea.allCategories')}
          </button>
        ))}
      </div>
      {shown.map((f) => (
        <details key={f.faqId} className="card faq-item">
          <summary>{f.question}</summary>
          <p>{f.answer}</p>
        </details>
      ))}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
