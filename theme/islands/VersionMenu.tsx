import type { VersionLink } from '../../src/shared/types.ts';
import { Dropdown } from '../components/Dropdown.tsx';
import { storageKeys, writeStorage } from '../head/storage-keys.ts';

export interface VersionMenuProps {
  versions: VersionLink[];
  storageKeySuffix: string;
}

/** Docs version dropdown. Choosing a version remembers it (localStorage `docs-preferred-version-default` + suffix). */
export default function VersionMenu({ versions, storageKeySuffix }: VersionMenuProps) {
  const current = versions.find((v) => v.current) ?? versions[0];
  if (!current) return null;
  const remember = (name: string) => {
    writeStorage(storageKeys(storageKeySuffix).preferredVersion, name);
  };
  return (
    <Dropdown
      className="navbar__item navbar__dropdown version-menu"
      listLabel="Docs versions"
      summary={
        <>
          <span className="sr-only">Docs version: </span>
          {current.label}
        </>
      }
    >
      {versions.map((version) => (
        <li key={version.name}>
          <a
            className={version.current ? 'dropdown__link dropdown__link--active' : 'dropdown__link'}
            href={version.href}
            aria-current={version.current ? 'true' : undefined}
            onClick={() => remember(version.name)}
          >
            {version.label}
          </a>
        </li>
      ))}
    </Dropdown>
  );
}
