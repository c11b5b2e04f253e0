import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languages, parseLanguage, type Language } from '../lib/i18n';

/**
 * EN / ID switch; the choice is remembered under localStorage `language`. `onChange` replaces the plain
 * switch (the signed-in shell also saves it on the account).
 */
export function LanguageSwitch({
  block = false,
  testId = 'language-switch',
  onChange,
}: {
  block?: boolean;
  testId?: string;
  onChange?: (language: Language) => void;
}) {
  const { t, i18n } = useTranslation();
  const value = parseLanguage(i18n.resolvedLanguage);
  return (
    <Segmented<Language>
      data-testid={testId}
      size="small"
      block={block}
      value={value}
      aria-label={t('language.label')}
      options={languages.map((l) => ({
        value: l,
        label: t(`language.short.${l}`),
        title: t(`language.${l}`),
      }))}
      onChange={(l) => (onChange ? onChange(l) : void changeLanguage(l))}
    />
  );
}
