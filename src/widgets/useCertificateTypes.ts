import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCertificateTypes } from '../api/calls.ts';
import type { CertificateOption } from '../domain/types.ts';

/** The certificate dictionary, in the current language. */
export function useCertificateTypes(): CertificateOption[] {
  const { i18n } = useTranslation();
  const [options, setOptions] = useState<CertificateOption[]>([]);
  useEffect(() => {
    let live = true;
    getCertificateTypes().then(
      (loaded) => live && setOptions(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return options;
}
