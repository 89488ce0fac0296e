/** The refusals of a refund or date-change sheet: the rules that could not be loaded, or
 * each broken rule and the server's refusal, as alerts. */
import { useTranslation } from 'react-i18next';
import type { Text } from '../../domain/text.ts';
import type { Violation } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';

export function SheetRefusals({ rulesFailed, violations, error }: { rulesFailed: boolean; violations: Violation[]; error: Text | null }) {
  const { t } = useTranslation();
  if (rulesFailed) {
    return (
      <p className="error-text" role="alert">
        {t('errors.rulesFailed')}
      </p>
    );
  }
  return [...violations.map((v) => v.message), ...(error ? [error] : [])].map((message) => (
    <p key={message.en} className="error-text" role="alert">
      {tr(message)}
    </p>
  ));
}
