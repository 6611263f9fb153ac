import type { AnchorHTMLAttributes, ReactNode } from 'react';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer". */
  external?: boolean;
  children?: ReactNode;
}

/** An anchor; external links (decided at build time) open in a new tab. */
export function Link({ href, external, children, ...rest }: LinkProps) {
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
