/** The certificate type of a person (docs/product.md §3 "Certificate types"), from the dictionary in the
 * current language: a native select, which a phone shows as its own picker. */
import type { CertificateType } from '../domain/types.ts';
import { Field } from '../ui/Field.ts';
import { useCertificateTypes } from './useCertificateTypes.ts';

export interface CertificateTypeFieldProps {
  label: string;
  value: CertificateType;
  onChange: (value: CertificateType) => void;
}

export function CertificateTypeField({ label, value, onChange }: CertificateTypeFieldProps) {
  const options = useCertificateTypes();
  return (
    <Field label={label}>
      <select className="native-select" aria-label={label} value={value} onChange={(event) => onChange(event.target.value as CertificateType)}>
        {options.map((option) => (
          <option key={option.dictValue} value={option.dictValue}>
            {option.dictLabel}
          </option>
        ))}
      </select>
    </Field>
  );
}
