/** The order number a cashier or a gate types in (23 letters and digits). */
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.ts';

export function OrderNumberField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field
      className="field--stacked"
      label={t('staff.orderNumber')}
      placeholder={t('staff.orderNumberPlaceholder')}
      value={value}
      maxLength={23}
      onChange={onChange}
    />
  );
}
