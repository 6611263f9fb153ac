import type { VersionLink } from '../../src/shared/types.ts';
import { Dropdown } from '../components/Dropdown.tsx';
import { VersionLinks } from '../components/VersionLinks.tsx';

export interface VersionMenuProps {
  versions: VersionLink[];
  storageKeySuffix: string;
}

/** Docs version dropdown. Choosing a version remembers it (see VersionLinks). */
export default function VersionMenu({ versions, storageKeySuffix }: VersionMenuProps) {
  const current = versions.find((v) => v.current) ?? versions[0];
  if (!current) return null;
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
      <VersionLinks versions={versions} storageKeySuffix={storageKeySuffix} linkClassName="dropdown__link" />
    </Dropdown>
  );
}
