/** One visitor of an order form (addAudience, packageAddSure): name, certificate type and
 * number, each with the rule it breaks under it, and removal while there are more than one;
 * where the museum offers them, a scan of the ID card that fills the number and name, and the
 * optional face photo bound to the certificate (src/ui).
 * A form adds what else a visitor chooses (the ticket type) as children. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../domain/text.ts';
import type { CertificateType } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { CertificateScan } from '../../widgets/CertificateScan.tsx';
import { CertificateTypeField } from '../../widgets/CertificateTypeField.tsx';
import { FacePhoto } from '../../widgets/FacePhoto.tsx';
import { Field } from '../../ui/Field.ts';
import '../../ui/vant.ts';

export interface VisitorIdentity {
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
}

export interface VisitorCardProps {
  index: number;
  visitor: VisitorIdentity;
  /** The message of a field's broken rule, if any. */
  errorOf: (field: 'name' | 'certificateNumber') => Text | undefined;
  onChange: (change: { field: 'name' | 'certificateNumber'; value: string } | { field: 'certificateType'; value: CertificateType }) => void;
  /** Absent when this visitor is the only one. */
  onRemove?: () => void;
  children?: ReactNode;
}

export function VisitorCard({ index, visitor, errorOf, onChange, onRemove, children }: VisitorCardProps) {
  const { t } = useTranslation();
  const error = (field: 'name' | 'certificateNumber') => {
    const text = errorOf(field);
    return text ? tr(text) : undefined;
  };
  return (
    <section className="card visitor" aria-label={t('addAudience.visitor', { n: index + 1 })}>
      <div className="card__title">
        <span>{t('addAudience.visitor', { n: index + 1 })}</span>
        {onRemove ? (
          <button type="button" className="link" onClick={onRemove}>
            {t('addAudience.remove')}
          </button>
        ) : null}
      </div>
      <Field
        label={t('addAudience.name')}
        placeholder={t('addAudience.namePlaceholder')}
        value={visitor.name}
        onChange={(value) => onChange({ field: 'name', value })}
        errorMessage={error('name')}
      />
      <CertificateTypeField
        label={t('addAudience.certificateType')}
        value={visitor.certificateType}
        onChange={(value) => onChange({ field: 'certificateType', value })}
      />
      <Field
        label={t('addAudience.certificateNumber')}
        placeholder={t('addAudience.certificatePlaceholder')}
        value={visitor.certificateNumber}
        maxLength={18}
        onChange={(value) => onChange({ field: 'certificateNumber', value })}
        errorMessage={error('certificateNumber')}
      />
      <CertificateScan
        onRead={(read) => {
          onChange({ field: 'certificateType', value: read.certificateType });
          onChange({ field: 'certificateNumber', value: read.certificateNumber });
          if (read.name) onChange({ field: 'name', value: read.name });
        }}
      />
      {children}
      <FacePhoto faceUrl={null} certificate={{ certificateType: visitor.certificateType, certificateNumber: visitor.certificateNumber }} />
    </section>
  );
}
