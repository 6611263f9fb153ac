import type { VersionLink } from '../../src/shared/types.ts';
import { storageKeys, writeStorage } from '../head/storage-keys.ts';
import { cls } from './cls.ts';

/**
 * One `<li>` per docs version, for the version dropdown and the mobile menu alike. Choosing a version remembers it
 * (localStorage `docs-preferred-version-default` + suffix). The current one gets `<linkClassName>--active`.
 */
export function VersionLinks({
  versions,
  storageKeySuffix,
  itemClassName,
  linkClassName,
}: {
  versions: readonly VersionLink[];
  storageKeySuffix: string;
  itemClassName?: string;
  linkClassName: string;
}) {
  const remember = (name: string) => {
    writeStorage(storageKeys(storageKeySuffix).preferredVersion, name);
  };
  return versions.map((version) => (
    <li className={itemClassName} key={version.name}>
      <a
        className={cls(linkClassName, version.current && `${linkClassName}--active`)}
        href={version.href}
        aria-current={version.current ? 'true' : undefined}
        onClick={() => remember(version.name)}
      >
        {version.label}
      </a>
    </li>
  ));
}
