import type { ReactNode } from 'react';
import * as css from './PageHeader.css';

interface PageHeaderProps {
  title: string;
  /** The optional search box and actions of a page (docs/product/app-shell.md, Shared layout). */
  children?: ReactNode;
}

/** The title every page shows at its top, with an optional slot for a search box or buttons. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <div className={css.header}>
      <h1 className={css.title}>{title}</h1>
      {children !== undefined && <div className={css.actions}>{children}</div>}
    </div>
  );
}
