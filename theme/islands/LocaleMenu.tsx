import type { LocaleLink } from '../../src/shared/types.ts';
import { Dropdown } from '../components/Dropdown.tsx';
import { GlobeIcon } from '../components/Icons.tsx';
import { LocaleAnchor } from '../components/LocaleAnchor.tsx';

export interface LocaleMenuProps {
  locales: LocaleLink[];
}

/** Generic language switcher: lists every locale of the site, each link pointing at this page in that locale. */
export default function LocaleMenu({ locales }: LocaleMenuProps) {
  const current = locales.find((l) => l.current) ?? locales[0];
  if (!current) return null;
  return (
    <Dropdown
      className="navbar__item navbar__dropdown locale-menu"
      listLabel="Languages"
      summary={
        <>
          <GlobeIcon className="locale-menu__icon" />
          <span className="sr-only">Language: </span>
          {current.label}
        </>
      }
    >
      {locales.map((locale) => (
        <li key={locale.code}>
          <LocaleAnchor locale={locale} className={locale.current ? 'dropdown__link dropdown__link--active' : 'dropdown__link'} />
        </li>
      ))}
    </Dropdown>
  );
}
