// The frame of the pages that help with a password (docs/product/sign-in-and-session.md, Password
// reset): the logo and the page's title above its steps, and the way back to the login screen.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { passwordResetTexts } from '../../../domain/texts';
import { paths } from '../../app/paths';
import { Logo } from '../../components/Logo';
import * as css from './HelpPage.css';

export function PasswordHelpFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={css.page}>
      <div className={css.content}>
        <div className={css.brand}>
          <Logo size={48} />
          <h1 className={css.title}>{title}</h1>
        </div>
        {children}
        <Link className={css.link} to={paths.login}>
          {passwordResetTexts.backToLogin}
        </Link>
      </div>
    </main>
  );
}
