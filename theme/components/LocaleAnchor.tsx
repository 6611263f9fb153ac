import type { LocaleLink } from '../../src/shared/types.ts';

/** A link to one locale of the site: language attributes and the current marker in one place. */
export function LocaleAnchor({ locale, className }: { locale: LocaleLink; className: string }) {
  return (
    <a className={className} href={locale.href} hrefLang={locale.code} lang={locale.code} aria-current={locale.current ? 'true' : undefined}>
      {locale.label}
    </a>
  );
}
